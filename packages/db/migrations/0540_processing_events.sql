-- Processing works announce every change (insert, update, delete) as "<id>:<project_id>" on the
-- 'processing_events' channel, like learnings: the /train/processing list follows status and progress over
-- SSE (with the job rows' 'job_events') instead of polling.
CREATE FUNCTION processing_works_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('processing_events', OLD.id::text || ':' || OLD.project_id::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('processing_events', NEW.id::text || ':' || NEW.project_id::text);
  RETURN NEW;
END $$;
CREATE TRIGGER processing_works_notify_trg AFTER INSERT OR UPDATE OR DELETE ON processing_works
  FOR EACH ROW EXECUTE FUNCTION processing_works_notify();
