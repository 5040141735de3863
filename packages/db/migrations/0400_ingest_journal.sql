-- Ingest journal (issue 18): an upload writes its image objects at their final keys (images/<id>/...),
-- but only after it has written their ids here. The transaction that inserts the image rows deletes
-- their journal rows, so that commit is the only moment an object becomes owned; whatever is still
-- journaled belongs to an upload that did not commit and is deleted by the next start-up (or by the
-- storage GC once the upload's owner stopped touching it).
CREATE TABLE ingest_uploads (
  id uuid PRIMARY KEY,
  -- "<host>:<pid>" of the server process running the upload.
  owner text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  -- Refreshed while the upload runs; a stale row belongs to a process that is gone.
  touched_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ingest_objects (
  image_id uuid PRIMARY KEY,
  upload_id uuid NOT NULL REFERENCES ingest_uploads(id) ON DELETE CASCADE
);
CREATE INDEX ingest_objects_upload_idx ON ingest_objects(upload_id);
