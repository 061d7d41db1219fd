-- Lists at millions of rows (docs/backend.md, "How to write a list endpoint").
--
-- 1. `row_counts`: the number of rows of a listed table, in all (organization_id = 0, no organization has
--    id 0) and per organization, kept by triggers. A list whose only condition is the tenant scope reads its
--    `total` here instead of running COUNT(*) over the whole table.
-- 2. `activity_daily_counts`: activity entries per UTC day and organization (0 = all), for the dashboard's
--    30-day chart.
-- 3. FTS5 indexes (external content, kept by triggers) for the lists' search box: word-prefix search
--    through an index instead of LIKE '%…%' scans, and no 50-byte LIKE pattern limit.

CREATE TABLE `row_counts` (
	`table_name` text NOT NULL,
	`organization_id` integer NOT NULL,
	`total` integer NOT NULL,
	PRIMARY KEY (`table_name`, `organization_id`)
) WITHOUT ROWID;

INSERT INTO row_counts (table_name, organization_id, total) SELECT 'organizations', 0, COUNT(*) FROM organizations;
INSERT INTO row_counts (table_name, organization_id, total) SELECT 'users', 0, COUNT(*) FROM users;
INSERT INTO row_counts (table_name, organization_id, total) SELECT 'users', organization_id, COUNT(*) FROM users GROUP BY organization_id;
INSERT INTO row_counts (table_name, organization_id, total) SELECT 'activity_log', 0, COUNT(*) FROM activity_log;
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'activity_log', organization_id, COUNT(*) FROM activity_log WHERE organization_id IS NOT NULL GROUP BY organization_id;
INSERT INTO row_counts (table_name, organization_id, total) SELECT 'mail_log', 0, COUNT(*) FROM mail_log;
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'mail_log', organization_id, COUNT(*) FROM mail_log WHERE organization_id IS NOT NULL GROUP BY organization_id;

CREATE TABLE `activity_daily_counts` (
	`organization_id` integer NOT NULL,
	`day` text NOT NULL,
	`total` integer NOT NULL,
	PRIMARY KEY (`organization_id`, `day`)
) WITHOUT ROWID;

INSERT INTO activity_daily_counts (organization_id, day, total)
SELECT 0, substr(created_at, 1, 10), COUNT(*) FROM activity_log GROUP BY 2;
INSERT INTO activity_daily_counts (organization_id, day, total)
SELECT organization_id, substr(created_at, 1, 10), COUNT(*) FROM activity_log WHERE organization_id IS NOT NULL GROUP BY 1, 2;

CREATE TRIGGER `organizations_count_insert` AFTER INSERT ON `organizations` BEGIN
	INSERT INTO row_counts (table_name, organization_id, total) VALUES ('organizations', 0, 1)
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER `organizations_count_delete` AFTER DELETE ON `organizations` BEGIN
	UPDATE row_counts SET total = total - 1 WHERE table_name = 'organizations' AND organization_id = 0;
END;

CREATE TRIGGER `users_count_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO row_counts (table_name, organization_id, total) VALUES ('users', 0, 1), ('users', NEW.organization_id, 1)
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER `users_count_delete` AFTER DELETE ON `users` BEGIN
	UPDATE row_counts SET total = total - 1 WHERE table_name = 'users' AND organization_id IN (0, OLD.organization_id);
END;
CREATE TRIGGER `users_count_move` AFTER UPDATE OF `organization_id` ON `users`
WHEN OLD.organization_id IS NOT NEW.organization_id BEGIN
	UPDATE row_counts SET total = total - 1 WHERE table_name = 'users' AND organization_id = OLD.organization_id;
	INSERT INTO row_counts (table_name, organization_id, total) VALUES ('users', NEW.organization_id, 1)
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;

-- activity_log and mail_log rows may have no organization (provider-wide events): counted in "all" only.
CREATE TRIGGER `activity_log_count_insert` AFTER INSERT ON `activity_log` BEGIN
	INSERT INTO row_counts (table_name, organization_id, total) VALUES ('activity_log', 0, 1)
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT 'activity_log', NEW.organization_id, 1 WHERE NEW.organization_id IS NOT NULL
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
	INSERT INTO activity_daily_counts (organization_id, day, total) VALUES (0, substr(NEW.created_at, 1, 10), 1)
	ON CONFLICT (organization_id, day) DO UPDATE SET total = total + 1;
	INSERT INTO activity_daily_counts (organization_id, day, total)
	SELECT NEW.organization_id, substr(NEW.created_at, 1, 10), 1 WHERE NEW.organization_id IS NOT NULL
	ON CONFLICT (organization_id, day) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER `activity_log_count_delete` AFTER DELETE ON `activity_log` BEGIN
	UPDATE row_counts SET total = total - 1 WHERE table_name = 'activity_log' AND organization_id IN (0, OLD.organization_id);
	UPDATE activity_daily_counts SET total = total - 1
	WHERE organization_id IN (0, OLD.organization_id) AND day = substr(OLD.created_at, 1, 10);
END;

CREATE TRIGGER `mail_log_count_insert` AFTER INSERT ON `mail_log` BEGIN
	INSERT INTO row_counts (table_name, organization_id, total) VALUES ('mail_log', 0, 1)
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT 'mail_log', NEW.organization_id, 1 WHERE NEW.organization_id IS NOT NULL
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER `mail_log_count_delete` AFTER DELETE ON `mail_log` BEGIN
	UPDATE row_counts SET total = total - 1 WHERE table_name = 'mail_log' AND organization_id IN (0, OLD.organization_id);
END;

-- Search indexes. unicode61 folds case and diacritics; the query side (backend/src/lib/list.ts) asks for
-- the typed words as a phrase whose last word is a prefix.
CREATE VIRTUAL TABLE `users_fts` USING fts5(`name`, `email`, content='users', content_rowid='id');
INSERT INTO users_fts (users_fts) VALUES ('rebuild');
CREATE TRIGGER `users_fts_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO users_fts (rowid, name, email) VALUES (NEW.id, NEW.name, NEW.email);
END;
CREATE TRIGGER `users_fts_delete` AFTER DELETE ON `users` BEGIN
	INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', OLD.id, OLD.name, OLD.email);
END;
CREATE TRIGGER `users_fts_update` AFTER UPDATE OF `name`, `email` ON `users` BEGIN
	INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', OLD.id, OLD.name, OLD.email);
	INSERT INTO users_fts (rowid, name, email) VALUES (NEW.id, NEW.name, NEW.email);
END;

CREATE VIRTUAL TABLE `organizations_fts` USING fts5(`name`, `account_number`, `contact_email`, content='organizations', content_rowid='id');
INSERT INTO organizations_fts (organizations_fts) VALUES ('rebuild');
CREATE TRIGGER `organizations_fts_insert` AFTER INSERT ON `organizations` BEGIN
	INSERT INTO organizations_fts (rowid, name, account_number, contact_email) VALUES (NEW.id, NEW.name, NEW.account_number, NEW.contact_email);
END;
CREATE TRIGGER `organizations_fts_delete` AFTER DELETE ON `organizations` BEGIN
	INSERT INTO organizations_fts (organizations_fts, rowid, name, account_number, contact_email)
	VALUES ('delete', OLD.id, OLD.name, OLD.account_number, OLD.contact_email);
END;
CREATE TRIGGER `organizations_fts_update` AFTER UPDATE OF `name`, `account_number`, `contact_email` ON `organizations` BEGIN
	INSERT INTO organizations_fts (organizations_fts, rowid, name, account_number, contact_email)
	VALUES ('delete', OLD.id, OLD.name, OLD.account_number, OLD.contact_email);
	INSERT INTO organizations_fts (rowid, name, account_number, contact_email) VALUES (NEW.id, NEW.name, NEW.account_number, NEW.contact_email);
END;

CREATE VIRTUAL TABLE `activity_log_fts` USING fts5(`subject_label`, `action`, content='activity_log', content_rowid='id');
INSERT INTO activity_log_fts (activity_log_fts) VALUES ('rebuild');
CREATE TRIGGER `activity_log_fts_insert` AFTER INSERT ON `activity_log` BEGIN
	INSERT INTO activity_log_fts (rowid, subject_label, action) VALUES (NEW.id, NEW.subject_label, NEW.action);
END;
CREATE TRIGGER `activity_log_fts_delete` AFTER DELETE ON `activity_log` BEGIN
	INSERT INTO activity_log_fts (activity_log_fts, rowid, subject_label, action) VALUES ('delete', OLD.id, OLD.subject_label, OLD.action);
END;
CREATE TRIGGER `activity_log_fts_update` AFTER UPDATE OF `subject_label`, `action` ON `activity_log` BEGIN
	INSERT INTO activity_log_fts (activity_log_fts, rowid, subject_label, action) VALUES ('delete', OLD.id, OLD.subject_label, OLD.action);
	INSERT INTO activity_log_fts (rowid, subject_label, action) VALUES (NEW.id, NEW.subject_label, NEW.action);
END;

CREATE VIRTUAL TABLE `mail_log_fts` USING fts5(`to`, `subject`, content='mail_log', content_rowid='id');
INSERT INTO mail_log_fts (mail_log_fts) VALUES ('rebuild');
CREATE TRIGGER `mail_log_fts_insert` AFTER INSERT ON `mail_log` BEGIN
	INSERT INTO mail_log_fts (rowid, `to`, subject) VALUES (NEW.id, NEW.`to`, NEW.subject);
END;
CREATE TRIGGER `mail_log_fts_delete` AFTER DELETE ON `mail_log` BEGIN
	INSERT INTO mail_log_fts (mail_log_fts, rowid, `to`, subject) VALUES ('delete', OLD.id, OLD.`to`, OLD.subject);
END;
CREATE TRIGGER `mail_log_fts_update` AFTER UPDATE OF `to`, `subject` ON `mail_log` BEGIN
	INSERT INTO mail_log_fts (mail_log_fts, rowid, `to`, subject) VALUES ('delete', OLD.id, OLD.`to`, OLD.subject);
	INSERT INTO mail_log_fts (rowid, `to`, subject) VALUES (NEW.id, NEW.`to`, NEW.subject);
END;
