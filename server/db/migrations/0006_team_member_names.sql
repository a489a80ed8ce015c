-- A team member's `position` is its job title in the API (SPEC §7); the table now says so too, and keeps
-- the staff order in sort_order (the API's `sortOrder`), so "position" no longer means two things.
ALTER TABLE "team_members" RENAME COLUMN "position" TO "sort_order";
--> statement-breakpoint
ALTER TABLE "team_members" RENAME COLUMN "job_title" TO "position";
