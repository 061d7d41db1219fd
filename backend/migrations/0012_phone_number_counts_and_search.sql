-- The phone-number inventory on the list pattern of migration 0004 (docs/backend.md, "How to write a list
-- endpoint"): a provider's inventory reaches millions of numbers, so its list reads its total from
-- `row_counts` and searches through an index.
--
-- 1. `row_counts` for phone_numbers, in all (organization_id = 0) and per organization. The provider's
--    unassigned stock (organization_id IS NULL) is counted in "all" only. Numbers move between the stock
--    and organizations (an order assigns them, a release gives them back), hence the move trigger.
-- 2. `phone_numbers_fts`: a trigram index over the number, its label and its caller ID name. Trigrams find
--    any substring of three characters or more ("5550" inside "+14165550123"), which is how people search
--    numbers: by area code, exchange or last digits, in any position.

INSERT INTO row_counts (table_name, organization_id, total) SELECT 'phone_numbers', 0, COUNT(*) FROM phone_numbers;
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'phone_numbers', organization_id, COUNT(*) FROM phone_numbers WHERE organization_id IS NOT NULL GROUP BY organization_id;

CREATE TRIGGER `phone_numbers_count_insert` AFTER INSERT ON `phone_numbers` BEGIN
	INSERT INTO row_counts (table_name, organization_id, total) VALUES ('phone_numbers', 0, 1)
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT 'phone_numbers', NEW.organization_id, 1 WHERE NEW.organization_id IS NOT NULL
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER `phone_numbers_count_delete` AFTER DELETE ON `phone_numbers` BEGIN
	UPDATE row_counts SET total = total - 1 WHERE table_name = 'phone_numbers' AND organization_id IN (0, OLD.organization_id);
END;
CREATE TRIGGER `phone_numbers_count_move` AFTER UPDATE OF `organization_id` ON `phone_numbers`
WHEN OLD.organization_id IS NOT NEW.organization_id BEGIN
	UPDATE row_counts SET total = total - 1 WHERE table_name = 'phone_numbers' AND organization_id = OLD.organization_id;
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT 'phone_numbers', NEW.organization_id, 1 WHERE NEW.organization_id IS NOT NULL
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;

CREATE VIRTUAL TABLE `phone_numbers_fts` USING fts5(`e164`, `label`, `cnam`, content='phone_numbers', content_rowid='id', tokenize='trigram');
INSERT INTO phone_numbers_fts (phone_numbers_fts) VALUES ('rebuild');
CREATE TRIGGER `phone_numbers_fts_insert` AFTER INSERT ON `phone_numbers` BEGIN
	INSERT INTO phone_numbers_fts (rowid, e164, label, cnam) VALUES (NEW.id, NEW.e164, NEW.label, NEW.cnam);
END;
CREATE TRIGGER `phone_numbers_fts_delete` AFTER DELETE ON `phone_numbers` BEGIN
	INSERT INTO phone_numbers_fts (phone_numbers_fts, rowid, e164, label, cnam) VALUES ('delete', OLD.id, OLD.e164, OLD.label, OLD.cnam);
END;
CREATE TRIGGER `phone_numbers_fts_update` AFTER UPDATE OF `e164`, `label`, `cnam` ON `phone_numbers` BEGIN
	INSERT INTO phone_numbers_fts (phone_numbers_fts, rowid, e164, label, cnam) VALUES ('delete', OLD.id, OLD.e164, OLD.label, OLD.cnam);
	INSERT INTO phone_numbers_fts (rowid, e164, label, cnam) VALUES (NEW.id, NEW.e164, NEW.label, NEW.cnam);
END;

-- 3. Tallies for the dashboard: numbers in service, and those of them without an E911 address, in all and
--    per organization. A number counts when its status is in_service (and, for the second, its
--    e911_address_id is NULL); any change of status, organization or address moves it between tallies.
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'phone_numbers_in_service', 0, COUNT(*) FROM phone_numbers WHERE status = 'in_service';
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'phone_numbers_in_service', organization_id, COUNT(*) FROM phone_numbers
WHERE status = 'in_service' AND organization_id IS NOT NULL GROUP BY organization_id;
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'phone_numbers_without_e911', 0, COUNT(*) FROM phone_numbers WHERE status = 'in_service' AND e911_address_id IS NULL;
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'phone_numbers_without_e911', organization_id, COUNT(*) FROM phone_numbers
WHERE status = 'in_service' AND e911_address_id IS NULL AND organization_id IS NOT NULL GROUP BY organization_id;

CREATE TRIGGER `phone_numbers_tally_insert` AFTER INSERT ON `phone_numbers` WHEN NEW.status = 'in_service' BEGIN
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT tally, scope, 1 FROM (SELECT 'phone_numbers_in_service' AS tally UNION ALL SELECT 'phone_numbers_without_e911' WHERE NEW.e911_address_id IS NULL)
	JOIN (SELECT 0 AS scope UNION ALL SELECT NEW.organization_id WHERE NEW.organization_id IS NOT NULL)
	WHERE true
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER `phone_numbers_tally_delete` AFTER DELETE ON `phone_numbers` WHEN OLD.status = 'in_service' BEGIN
	UPDATE row_counts SET total = total - 1
	WHERE organization_id IN (0, OLD.organization_id)
	AND (table_name = 'phone_numbers_in_service' OR (table_name = 'phone_numbers_without_e911' AND OLD.e911_address_id IS NULL));
END;
CREATE TRIGGER `phone_numbers_tally_update` AFTER UPDATE OF `status`, `organization_id`, `e911_address_id` ON `phone_numbers`
WHEN OLD.status IS NOT NEW.status OR OLD.organization_id IS NOT NEW.organization_id
	OR (OLD.e911_address_id IS NULL) IS NOT (NEW.e911_address_id IS NULL) BEGIN
	UPDATE row_counts SET total = total - 1
	WHERE OLD.status = 'in_service' AND organization_id IN (0, OLD.organization_id)
	AND (table_name = 'phone_numbers_in_service' OR (table_name = 'phone_numbers_without_e911' AND OLD.e911_address_id IS NULL));
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT tally, scope, 1 FROM (SELECT 'phone_numbers_in_service' AS tally UNION ALL SELECT 'phone_numbers_without_e911' WHERE NEW.e911_address_id IS NULL)
	JOIN (SELECT 0 AS scope UNION ALL SELECT NEW.organization_id WHERE NEW.organization_id IS NOT NULL)
	WHERE NEW.status = 'in_service'
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;
