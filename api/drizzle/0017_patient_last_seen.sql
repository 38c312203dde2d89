-- D39: the patient's last activity besides a save (a resume, the page's « still here » call): the shared-tablet pause runs from it.
ALTER TABLE `forms` ADD `last_seen_at` text;
