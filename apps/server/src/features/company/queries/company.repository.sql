-- company list, role 1
select "id", "name", "created_at", (SELECT count(*)::int FROM projects p WHERE p.company_id = "companies"."id"), (SELECT count(*)::int FROM lines l JOIN projects p ON p.id = l.project_id WHERE p.company_id = "companies"."id"), (SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id" AND u.role_id = $1), (SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id") from "companies" where "companies"."name" ilike $2 order by "companies"."name" asc, "companies"."id" asc limit $3 offset $4;
-- params: [3,"%x%",10,10]
select count(*) from "companies" where "companies"."name" ilike $1;
-- params: ["%x%"]

-- company list, role 3
select "id", "name", "created_at", (SELECT count(*)::int FROM projects p WHERE p.company_id = "companies"."id"), (SELECT count(*)::int FROM lines l JOIN projects p ON p.id = l.project_id WHERE p.company_id = "companies"."id"), (SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id" AND u.role_id = $1), (SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id") from "companies" where ("companies"."id" = $2 and "companies"."name" ilike $3) order by "companies"."name" asc, "companies"."id" asc limit $4 offset $5;
-- params: [3,3,"%x%",10,10]
select count(*) from "companies" where ("companies"."id" = $1 and "companies"."name" ilike $2);
-- params: [3,"%x%"]

-- company list, role 4
select "id", "name", "created_at", (SELECT count(*)::int FROM projects p WHERE p.company_id = "companies"."id"), (SELECT count(*)::int FROM lines l JOIN projects p ON p.id = l.project_id WHERE p.company_id = "companies"."id"), (SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id" AND u.role_id = $1), (SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id") from "companies" where (false and "companies"."name" ilike $2) order by "companies"."name" asc, "companies"."id" asc limit $3 offset $4;
-- params: [3,"%x%",10,10]
select count(*) from "companies" where (false and "companies"."name" ilike $1);
-- params: ["%x%"]
