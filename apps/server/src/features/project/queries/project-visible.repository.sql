-- listVisible, role 1
select "projects"."id", "projects"."code", "projects"."title", "projects"."end_date", "companies"."id", "companies"."name" from "projects" left join "companies" on "companies"."id" = "projects"."company_id" order by "projects"."id" asc;
-- params: []

-- listVisible, role 3
select "projects"."id", "projects"."code", "projects"."title", "projects"."end_date", "companies"."id", "companies"."name" from "projects" left join "companies" on "companies"."id" = "projects"."company_id" where "projects"."company_id" = $1 order by "projects"."id" asc;
-- params: [3]

-- listVisible, role 4
select "projects"."id", "projects"."code", "projects"."title", "projects"."end_date", "companies"."id", "companies"."name" from "projects" left join "companies" on "companies"."id" = "projects"."company_id" where "projects"."id" in (SELECT project_id FROM project_members WHERE user_id = $1) order by "projects"."id" asc;
-- params: [7]
