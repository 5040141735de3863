-- project list, role 1
select "projects"."id", "projects"."code", "projects"."title", "projects"."description", "projects"."company_id", "companies"."name", "projects"."start_date", "projects"."end_date", "projects"."image_upload_limit", "projects"."learning_limit", "projects"."created_at", (SELECT count(*)::int FROM lines l WHERE l.project_id = "projects"."id"), (SELECT count(*)::int FROM project_members m WHERE m.project_id = "projects"."id") from "projects" left join "companies" on "companies"."id" = "projects"."company_id" where ("projects"."company_id" = $1 and ("projects"."code" ilike $2 or "projects"."title" ilike $3)) order by "projects"."code" asc, "projects"."id" asc limit $4 offset $5;
-- params: [3,"%x%","%x%",10,10]
select count(*) from "projects" where ("projects"."company_id" = $1 and ("projects"."code" ilike $2 or "projects"."title" ilike $3));
-- params: [3,"%x%","%x%"]

-- project list, role 3
select "projects"."id", "projects"."code", "projects"."title", "projects"."description", "projects"."company_id", "companies"."name", "projects"."start_date", "projects"."end_date", "projects"."image_upload_limit", "projects"."learning_limit", "projects"."created_at", (SELECT count(*)::int FROM lines l WHERE l.project_id = "projects"."id"), (SELECT count(*)::int FROM project_members m WHERE m.project_id = "projects"."id") from "projects" left join "companies" on "companies"."id" = "projects"."company_id" where ("projects"."company_id" = $1 and "projects"."company_id" = $2 and ("projects"."code" ilike $3 or "projects"."title" ilike $4)) order by "projects"."code" asc, "projects"."id" asc limit $5 offset $6;
-- params: [3,3,"%x%","%x%",10,10]
select count(*) from "projects" where ("projects"."company_id" = $1 and "projects"."company_id" = $2 and ("projects"."code" ilike $3 or "projects"."title" ilike $4));
-- params: [3,3,"%x%","%x%"]

-- project list, role 4
select "projects"."id", "projects"."code", "projects"."title", "projects"."description", "projects"."company_id", "companies"."name", "projects"."start_date", "projects"."end_date", "projects"."image_upload_limit", "projects"."learning_limit", "projects"."created_at", (SELECT count(*)::int FROM lines l WHERE l.project_id = "projects"."id"), (SELECT count(*)::int FROM project_members m WHERE m.project_id = "projects"."id") from "projects" left join "companies" on "companies"."id" = "projects"."company_id" where ("projects"."id" in (SELECT project_id FROM project_members WHERE user_id = $1) and "projects"."company_id" = $2 and ("projects"."code" ilike $3 or "projects"."title" ilike $4)) order by "projects"."code" asc, "projects"."id" asc limit $5 offset $6;
-- params: [7,3,"%x%","%x%",10,10]
select count(*) from "projects" where ("projects"."id" in (SELECT project_id FROM project_members WHERE user_id = $1) and "projects"."company_id" = $2 and ("projects"."code" ilike $3 or "projects"."title" ilike $4));
-- params: [7,3,"%x%","%x%"]
