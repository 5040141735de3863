-- Background work: worker processes (heartbeats) and one row per queued job (progress for the UI).
CREATE TABLE workers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hostname text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  stopped_at timestamptz,
  -- Set by the server's reaper when the heartbeat went stale (crash, SIGKILL, lost host).
  lost_at timestamptz
);

CREATE TABLE jobs (
  id uuid PRIMARY KEY,
  queue text NOT NULL,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  singleton_key text,
  project_id integer REFERENCES projects(id) ON DELETE SET NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','running','succeeded','failed','cancelled')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  message text NOT NULL DEFAULT '',
  result jsonb,
  worker_id uuid REFERENCES workers(id) ON DELETE SET NULL,
  cancel_requested boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_project_idx ON jobs(project_id, created_at DESC);
CREATE INDEX jobs_worker_active_idx ON jobs(worker_id) WHERE status = 'running';

-- Every change of a job row is announced so SSE streams in any server process can push it.
CREATE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('job_events', NEW.id::text);
  RETURN NEW;
END $$;
CREATE TRIGGER jobs_notify_trg AFTER INSERT OR UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_notify();
