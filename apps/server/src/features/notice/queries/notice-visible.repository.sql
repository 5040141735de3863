-- visibleTo, logged out
"notices"."scope" = $1;
-- params: ["all"]

-- visibleTo, role 2
TRUE;
-- params: []

-- visibleTo, role 3 of company 3
("notices"."scope" = $1 or ("notices"."company_id" = $2 and ("notices"."scope" = $3 or "notices"."department" = (SELECT u.department FROM users u WHERE u.id = $4))));
-- params: ["all",3,"company",7]

-- visibleTo, role 4 without a company
"notices"."scope" = $1;
-- params: ["all"]
