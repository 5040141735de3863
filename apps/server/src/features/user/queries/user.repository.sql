-- user list, role 1
select "users"."id", "users"."username", "users"."name", "users"."department", "users"."role_id", "users"."company_id", "companies"."name", "users"."trial", "users"."expires_at", "users"."default_project_id", "users"."reset_by_admin", "users"."created_at" from "users" left join "companies" on "companies"."id" = "users"."company_id" where ("users"."role_id" = $1 and ("users"."username" ilike $2 or "users"."name" ilike $3 or "users"."department" ilike $4)) order by "users"."created_at" desc, "users"."id" desc limit $5 offset $6;
-- params: [4,"%x%","%x%","%x%",10,10]
select count(*) from "users" where ("users"."role_id" = $1 and ("users"."username" ilike $2 or "users"."name" ilike $3 or "users"."department" ilike $4));
-- params: [4,"%x%","%x%","%x%"]

-- user list, role 3
select "users"."id", "users"."username", "users"."name", "users"."department", "users"."role_id", "users"."company_id", "companies"."name", "users"."trial", "users"."expires_at", "users"."default_project_id", "users"."reset_by_admin", "users"."created_at" from "users" left join "companies" on "companies"."id" = "users"."company_id" where ("users"."company_id" = $1 and "users"."role_id" = $2 and ("users"."username" ilike $3 or "users"."name" ilike $4 or "users"."department" ilike $5)) order by "users"."created_at" desc, "users"."id" desc limit $6 offset $7;
-- params: [3,4,"%x%","%x%","%x%",10,10]
select count(*) from "users" where ("users"."company_id" = $1 and "users"."role_id" = $2 and ("users"."username" ilike $3 or "users"."name" ilike $4 or "users"."department" ilike $5));
-- params: [3,4,"%x%","%x%","%x%"]

-- user list, role 4
select "users"."id", "users"."username", "users"."name", "users"."department", "users"."role_id", "users"."company_id", "companies"."name", "users"."trial", "users"."expires_at", "users"."default_project_id", "users"."reset_by_admin", "users"."created_at" from "users" left join "companies" on "companies"."id" = "users"."company_id" where (false and "users"."role_id" = $1 and ("users"."username" ilike $2 or "users"."name" ilike $3 or "users"."department" ilike $4)) order by "users"."created_at" desc, "users"."id" desc limit $5 offset $6;
-- params: [4,"%x%","%x%","%x%",10,10]
select count(*) from "users" where (false and "users"."role_id" = $1 and ("users"."username" ilike $2 or "users"."name" ilike $3 or "users"."department" ilike $4));
-- params: [4,"%x%","%x%","%x%"]
