-- Notifications follow jobs (SPEC §3 Notification, issue 17): every job of a reported kind creates one
-- notification for its requestor and keeps it in step with the job's status and progress. The trigger is
-- the one place that does it, so every writer of a jobs row (enqueue, worker, reaper, cancel) is covered
-- inside its own transaction. Every change of a notification is announced on 'notification_events'
-- (payload: the user id) so SSE streams in any server process can push it.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications
  ADD CONSTRAINT notifications_type_check
  CHECK (type IN ('labeling', 'compare_inference', 'compare', 'learning', 'inference', 'monitoring'));
ALTER TABLE notifications
  ADD COLUMN job_id uuid UNIQUE REFERENCES jobs(id) ON DELETE SET NULL,
  -- The job's own status (queued, running, succeeded, failed, cancelled); null for alerts.
  ADD COLUMN job_status text,
  -- Free text: a monitoring alert's message, or the job's last message.
  ADD COLUMN message text NOT NULL DEFAULT '',
  ADD COLUMN read_at timestamptz;
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- Which job kinds are reported, and as which notification type (LIKE patterns: a feature adding
-- kinds such as 'processing.merge' is covered by 'processing.%' without a migration of its own).
CREATE TABLE notification_job_kinds (
  pattern text PRIMARY KEY,
  type text NOT NULL
);
INSERT INTO notification_job_kinds (pattern, type) VALUES
  ('learning.%', 'learning'),
  ('evaluation.run', 'inference'),
  ('compare.run', 'compare'),
  ('compare_inference.%', 'compare_inference'),
  ('processing.%', 'labeling'),
  ('labeling.%', 'labeling');

CREATE FUNCTION jobs_notification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ntype text;
  nstatus text;
BEGIN
  IF NEW.user_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.progress = OLD.progress THEN
    RETURN NEW;
  END IF;
  SELECT k.type INTO ntype FROM notification_job_kinds k
   WHERE NEW.kind LIKE k.pattern ORDER BY length(k.pattern) DESC LIMIT 1;
  IF ntype IS NULL THEN
    RETURN NEW;
  END IF;
  -- SPEC §2/§6: the system admin (role 1) has no notifications.
  IF EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.role_id = 1) THEN
    RETURN NEW;
  END IF;
  nstatus := CASE WHEN NEW.status IN ('succeeded', 'failed', 'cancelled') THEN 'done' ELSE 'in_progress' END;
  INSERT INTO notifications (user_id, project_id, type, status, progress, job_id, job_status, message)
  VALUES (NEW.user_id, NEW.project_id, ntype, nstatus, NEW.progress, NEW.id, NEW.status, left(NEW.message, 500))
  ON CONFLICT (job_id) DO UPDATE
     SET status = EXCLUDED.status,
         progress = EXCLUDED.progress,
         job_status = EXCLUDED.job_status,
         message = EXCLUDED.message,
         -- A finished job is news again: it shows as unread.
         read_at = CASE WHEN EXCLUDED.status = 'done' AND notifications.status <> 'done' THEN NULL
                        ELSE notifications.read_at END,
         updated_at = now();
  RETURN NEW;
END $$;
CREATE TRIGGER jobs_notification_trg AFTER INSERT OR UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_notification();

CREATE FUNCTION notifications_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification_events', NEW.user_id::text);
  RETURN NEW;
END $$;
CREATE TRIGGER notifications_notify_trg AFTER INSERT OR UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_notify();
