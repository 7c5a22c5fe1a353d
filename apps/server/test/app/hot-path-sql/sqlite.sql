-- GET /v1/user/me (the session check, which reads the profile with the session)
select "sessions"."id" as "sessionId", "sessions"."user_id" as "userId", "sessions"."client_id" as "clientId", "sessions"."last_used_at" as "lastUsedAt", "sessions"."expires_at" as "expiresAt", "users"."name", "users"."email", "users"."phone_number", "users"."picture", "users"."status", "users"."created_at", "users"."password_hash" is not null as "has_password" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."revoked_at" is null and "sessions"."expires_at" > ? and "users"."status" = ? and "sessions"."id" = ?;

-- POST /config/v1/basic
select "key", "value" from "setting" where "scope" = ? order by "key";

-- POST /drive/v1/files (a small file, UPLOAD_TYPE_FORM)
begin immediate;
commit;
insert into "files" ("id", "user_id", "parent_id", "kind", "name", "name_key", "size", "sha256", "gcid", "mime_type", "file_extension", "file_category", "phase", "starred", "trashed", "trashed_at", "original_parent_id", "original_path", "created_at", "modified_at", "params", "folder_type") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
insert into "uploads" ("id", "user_id", "file_id", "size", "received", "client_hash", "upload_type", "state", "sha256", "gcid", "proof", "created_at", "expires_at", "holder", "part_size") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
select "kind", "bytes", "expires_at" from "member_packs" where "user_id" = ? and "expires_at" > ? and "starts_at" <= ? order by "expires_at", "id";
select "live_bytes", "trash_bytes" from "member_usage" where "user_id" = ?;
select "type", max("expires_at") as "expires_at" from "memberships" where "user_id" = ? group by "type" order by "type";
select * from "files" where "user_id" = ? and "id" = ?;
select * from "files" where "user_id" = ? and "parent_id" = ? and "name_key" = ? and "trashed" = ?;

-- POST of the form's bytes (stored and committed)
begin immediate;
commit;
insert into "blobs" ("sha256", "gcid", "size", "ref_count", "created_at", "updated_at", "verified_at") values (?, ?, ?, ?, ?, ?, ?) on conflict ("sha256") do update set "updated_at" = ?;
insert into "events" ("id", "user_id", "type", "file_id", "params", "created_at") values (?, ?, ?, ?, ?, ?);
insert into "member_usage" ("user_id", "live_bytes", "trash_bytes", "updated_at") values (?, ?, ?, ?) on conflict ("user_id") do nothing;
select "id", "trashed" from "files" where "id" = ? and "user_id" = ? and "phase" = ?;
select "kind", "bytes", "expires_at" from "member_packs" where "user_id" = ? and "expires_at" > ? and "starts_at" <= ? order by "expires_at", "id";
select "live_bytes", "trash_bytes" from "member_usage" where "user_id" = ?;
select "type", max("expires_at") as "expires_at" from "memberships" where "user_id" = ? group by "type" order by "type";
select * from "uploads" where "id" = ? and "user_id" = ?;
update "blobs" set "ref_count" = ref_count + 1 where "sha256" = ?;
update "files" set "phase" = ?, "sha256" = ?, "gcid" = ?, "size" = ?, "modified_at" = ? where "id" = ? and "user_id" = ? and "phase" = ? returning *;
update "member_usage" set "live_bytes" = live_bytes + ?, "trash_bytes" = trash_bytes + ?, "updated_at" = ? where "user_id" = ? and live_bytes + ? <= ?;
update "member_usage" set "live_bytes" = live_bytes where "user_id" = ?;
update "uploads" set "state" = ?, "sha256" = ?, "gcid" = ?, "received" = ? where "id" = ?;
update "uploads" set "state" = ?, "sha256" = ?, "gcid" = ?, "received" = ?, "proof" = ?, "expires_at" = ? where "id" = ?;

-- GET /drive/v1/files (the root folder, first page)
select * from "media_info" where "sha256" in (?);
select * from (select * from "files" where "user_id" = ? and "parent_id" = ? and "kind" = ? and "trashed" + 0 = ? order by "modified_at" desc, "id" desc limit ?) as "folder" union all select * from (select * from "files" where "user_id" = ? and "parent_id" = ? and "kind" = ? and "trashed" + 0 = ? order by "modified_at" desc, "id" desc limit ?) as "file" order by "modified_at" desc, "id" desc limit ?;
