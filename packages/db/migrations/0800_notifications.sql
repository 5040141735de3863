-- Notifications (SPEC §3): one row per piece of work reported to a user (the header dropdown).
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id integer REFERENCES projects(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('labeling', 'compare_inference', 'compare', 'learning', 'inference')),
  status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('done', 'in_progress')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
