-- IDs, project codes and line codes are unique regardless of case (the duplicate checks compare with
-- lower()); these indexes make that hold under concurrent registrations too.
CREATE UNIQUE INDEX users_username_ci_idx ON users (lower(username));
CREATE UNIQUE INDEX projects_code_ci_idx ON projects (lower(code));
CREATE UNIQUE INDEX lines_project_code_ci_idx ON lines (project_id, lower(code));
