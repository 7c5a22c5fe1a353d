-- GET /v1/user/me (the session check, which reads the profile with the session)
select "sessions"."id" as "sessionId", "sessions"."user_id" as "userId", "sessions"."client_id" as "clientId", "sessions"."last_used_at" as "lastUsedAt", "sessions"."expires_at" as "expiresAt", "users"."name", "users"."email", "users"."phone_number", "users"."picture", "users"."status", "users"."created_at", "users"."password_hash" is not null as "has_password" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."revoked_at" is null and "sessions"."expires_at" > $1 and "users"."status" = $2 and "sessions"."id" = $3;

-- POST /config/v1/basic
select "key", "value" from "setting" where "scope" = $1 order by "key";

-- POST /drive/v1/files (a small file, UPLOAD_TYPE_FORM)
begin;
commit;
insert into "files" ("id", "user_id", "parent_id", "kind", "name", "name_key", "size", "sha256", "gcid", "mime_type", "file_extension", "file_category", "phase", "starred", "trashed", "trashed_at", "original_parent_id", "original_path", "created_at", "modified_at", "params", "folder_type") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22);
insert into "uploads" ("id", "user_id", "file_id", "size", "received", "client_hash", "upload_type", "state", "sha256", "gcid", "proof", "created_at", "expires_at", "holder", "part_size") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15);
select "kind", "bytes", "expires_at" from "member_packs" where "user_id" = $1 and "expires_at" > $2 and "starts_at" <= $3 order by "expires_at", "id";
select "live_bytes", "trash_bytes" from "member_usage" where "user_id" = $1;
select "type", max("expires_at") as "expires_at" from "memberships" where "user_id" = $1 group by "type" order by "type";
select * from "files" where "user_id" = $1 and "id" = $2;
select * from "files" where "user_id" = $1 and "parent_id" = $2 and "name_key" = $3 and "trashed" = $4;

-- POST of the form's bytes (stored and committed)
begin;
commit;
insert into "blobs" ("sha256", "gcid", "size", "ref_count", "created_at", "updated_at", "verified_at") values ($1, $2, $3, $4, $5, $6, $7) on conflict ("sha256") do update set "updated_at" = $8;
insert into "events" ("id", "user_id", "type", "file_id", "params", "created_at") values ($1, $2, $3, $4, $5, $6);
insert into "member_usage" ("user_id", "live_bytes", "trash_bytes", "updated_at") values ($1, $2, $3, $4) on conflict ("user_id") do nothing;
select "id", "trashed" from "files" where "id" = $1 and "user_id" = $2 and "phase" = $3;
select "kind", "bytes", "expires_at" from "member_packs" where "user_id" = $1 and "expires_at" > $2 and "starts_at" <= $3 order by "expires_at", "id";
select "live_bytes", "trash_bytes" from "member_usage" where "user_id" = $1;
select "type", max("expires_at") as "expires_at" from "memberships" where "user_id" = $1 group by "type" order by "type";
select * from "uploads" where "id" = $1 and "user_id" = $2;
update "blobs" set "ref_count" = ref_count + 1 where "sha256" = $1;
update "files" set "phase" = $1, "sha256" = $2, "gcid" = $3, "size" = $4, "modified_at" = $5 where "id" = $6 and "user_id" = $7 and "phase" = $8 returning *;
update "member_usage" set "live_bytes" = live_bytes + $1, "trash_bytes" = trash_bytes + $2, "updated_at" = $3 where "user_id" = $4 and live_bytes + $5 <= $6;
update "member_usage" set "live_bytes" = live_bytes where "user_id" = $1;
update "uploads" set "state" = $1, "sha256" = $2, "gcid" = $3, "received" = $4 where "id" = $5;
update "uploads" set "state" = $1, "sha256" = $2, "gcid" = $3, "received" = $4, "proof" = $5, "expires_at" = $6 where "id" = $7;

-- GET /drive/v1/files (the root folder, first page)
select * from "media_info" where "sha256" in ($1);
select * from (select * from "files" where "user_id" = $1 and "parent_id" = $2 and "kind" = $3 and "trashed" + 0 = $4 order by "modified_at" desc, "id" desc limit $5) as "folder" union all select * from (select * from "files" where "user_id" = $6 and "parent_id" = $7 and "kind" = $8 and "trashed" + 0 = $9 order by "modified_at" desc, "id" desc limit $10) as "file" order by "modified_at" desc, "id" desc limit $11;
