-- Dataset type 'ad' (anomaly detection, issue 14): OK images ('good', is_ok) and defect classes, with
-- optional defect masks in image_objects; imported from MVTec-like zips.
ALTER TABLE datasets DROP CONSTRAINT IF EXISTS datasets_type_check;
ALTER TABLE datasets ADD CONSTRAINT datasets_type_check CHECK (type IN ('cf','od','sg','ad'));
