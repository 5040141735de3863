-- A queued job is announced on 'job_queued' with its kind, so workers fetch it at once instead of at
-- their next pg-boss poll (up to half a second later). Rows are queued in the same transaction as their
-- pg-boss job, and NOTIFY is delivered at commit: the job is there when a worker wakes. Polling stays,
-- for a worker that was not listening at that moment.
CREATE OR REPLACE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('job_events', NEW.id::text);
  IF TG_OP = 'INSERT' AND NEW.status = 'queued' THEN
    PERFORM pg_notify('job_queued', NEW.kind);
  END IF;
  RETURN NEW;
END $$;
