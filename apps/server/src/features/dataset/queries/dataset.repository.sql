-- datasets of a project, searched, page 2
select "id", "project_id", "name", "type", "purpose", "created_by", "created_at", "updated_at", (SELECT count(*)::int FROM dataset_images i WHERE i.dataset_id = datasets.id), (SELECT count(*)::int FROM dataset_folders f WHERE f.dataset_id = datasets.id), (SELECT count(*)::int FROM dataset_classes c WHERE c.dataset_id = datasets.id), EXISTS (SELECT 1 FROM dataset_locks l WHERE l.dataset_id = datasets.id) from "datasets" where ("datasets"."project_id" = $1 and "datasets"."purpose" = $2 and "datasets"."name" ilike $3) order by "datasets"."updated_at" desc, "datasets"."id" desc limit $4 offset $5;
-- params: [3,"preprocessing","%bolt%",10,10]

-- image grid: folder, unconfirmed
select "id", "dataset_id", "folder_id", "class_id", "file_name", "original_name", "sha256", "width", "height", "channels", "format", "size_bytes", "edited", "confirmed", "augmented", "prediction", "verification", "class_score", "created_at", "updated_at" from "dataset_images" where ("dataset_images"."dataset_id" = $1 and "dataset_images"."folder_id" = $2 and "dataset_images"."confirmed" = $3) order by "dataset_images"."folder_id" asc, "dataset_images"."file_name" asc, "dataset_images"."id" asc limit $4;
-- params: [5,8,false,30]

-- image grid: unclassified, edited
select "id", "dataset_id", "folder_id", "class_id", "file_name", "original_name", "sha256", "width", "height", "channels", "format", "size_bytes", "edited", "confirmed", "augmented", "prediction", "verification", "class_score", "created_at", "updated_at" from "dataset_images" where ("dataset_images"."dataset_id" = $1 and "dataset_images"."class_id" is null and "dataset_images"."edited" = $2) order by "dataset_images"."folder_id" asc, "dataset_images"."file_name" asc, "dataset_images"."id" asc limit $3 offset $4;
-- params: [5,true,30,60]

-- folders with counts
select "id", "name", (SELECT coalesce(sum(c.n), 0)::int FROM dataset_folder_counts c WHERE c.folder_id = dataset_folders.id) from "dataset_folders" where "dataset_folders"."dataset_id" = $1 order by "dataset_folders"."name" asc;
-- params: [5]

-- classes with counts
select "id", "dataset_id", "name", "color", "is_ok", "sort_order", "created_at", (SELECT count(*)::int FROM dataset_images i WHERE i.class_id = dataset_classes.id) from "dataset_classes" where "dataset_classes"."dataset_id" = $1 order by "dataset_classes"."sort_order" asc, "dataset_classes"."id" asc;
-- params: [5]
