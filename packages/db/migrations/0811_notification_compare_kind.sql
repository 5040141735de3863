-- A comparison evaluation (compare.run, /train/inference/compare) is reported as 'compare_inference';
-- 'compare' stays for comparisons of trainings (kinds 'learning_compare.*').
UPDATE notification_job_kinds SET type = 'compare_inference' WHERE pattern = 'compare.run';
DELETE FROM notification_job_kinds WHERE pattern = 'compare_inference.%';
INSERT INTO notification_job_kinds (pattern, type) VALUES ('learning_compare.%', 'compare')
  ON CONFLICT (pattern) DO UPDATE SET type = EXCLUDED.type;
