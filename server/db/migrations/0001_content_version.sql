CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"bumped_by" bigint
);
