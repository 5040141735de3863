-- sg result pages show the true mask beside the predicted one (issue 14): the evaluation job stores the
-- ground truth as an overlay PNG too (evaluations/{id}/overlays/{image}.truth.png). Null for other tasks
-- and for evaluations made before this column.
ALTER TABLE evaluation_results ADD COLUMN truth_key text;
