-- The E911 list (GET /api/e911, screen /tools/e911) on the list pattern of decision 013 (docs/backend.md, "How
-- to write a list endpoint"). Its rows are the organizations' numbers that are not disconnected
-- (`organization_id IS NOT NULL AND status <> 'disconnected'`, written term for term so by the handler: SQLite
-- uses a partial index only when the query holds its WHERE's terms); it sorts and filters on the number's
-- address, which lives in e911_addresses.
--
-- 1. The address's city and validation status are copied onto the number (`e911_city`,
--    `e911_validation_status`), kept by triggers. Why: a page sorted by city must be found by walking one
--    index in (city, id) order. Over the join no index gives that order (city is in e911_addresses, the
--    tie-break id in phone_numbers), so SQLite read and joined every listed number and sorted them all for
--    each page, 1M rows at scale. A nested walk (addresses by city, then their numbers) would order ties by
--    address before id, a different order than the list's, and still miss the numbers without an address.
--    The copies change only when a number's address changes or an address's city or validation is edited
--    (the carrier's answer), both rare next to reads. The list's `validation_status` filter reads the copy too,
--    so the page walk never joins.
-- 2. One partial index per sort, per organization and in all, holding the list's rows only: the page's ids
--    come from index entries alone (the rowid is in every index, so `ORDER BY <sort>, id` is the index order).
--    The same again over the "without E911" view's rows: walking the list's indexes instead reads every row
--    to check its coverage, as many row reads as covered numbers come before the page (in the bench's large
--    state, 200,000 for page 1 sorted by number: 3.75× the small state's time, 5 s with a cold cache). These
--    hold the uncovered numbers only (about 1 in 5 there) and change only when a number's coverage does.
-- 3. Kept counts (`row_counts`, in all = 0 and per organization): `e911_entries`, the list's rows, and
--    `e911_entries_without_e911`, the "without E911" view (no address, or not provisioned).
-- 4. `e911_addresses_fts`: a trigram index over the caller name, street and city, so that the search finds
--    any run of three characters or more in them (as the LIKE '%…%' it replaces did) without a scan. The
--    number's digits are searched in `phone_numbers_fts` (migration 0012), its e164 column only.

ALTER TABLE `phone_numbers` ADD `e911_city` text;
ALTER TABLE `phone_numbers` ADD `e911_validation_status` text;
UPDATE phone_numbers SET (e911_city, e911_validation_status) = (
	SELECT city, validation_status FROM e911_addresses WHERE e911_addresses.id = phone_numbers.e911_address_id
) WHERE e911_address_id IS NOT NULL;

-- The number's copy, when it gets, changes or loses its address (also when a deleted address sets it to NULL:
-- foreign key actions fire update triggers). With no address, the subquery has no row and both copies are NULL.
-- An insert that already wrote the right copies (the large seed's 1M numbers) is not updated a second time.
CREATE TRIGGER `phone_numbers_e911_copy_insert` AFTER INSERT ON `phone_numbers`
WHEN (NEW.e911_city, NEW.e911_validation_status) IS NOT (SELECT city, validation_status FROM e911_addresses WHERE id = NEW.e911_address_id) BEGIN
	UPDATE phone_numbers SET (e911_city, e911_validation_status) = (
		SELECT city, validation_status FROM e911_addresses WHERE id = NEW.e911_address_id
	) WHERE id = NEW.id;
END;
CREATE TRIGGER `phone_numbers_e911_copy_update` AFTER UPDATE OF `e911_address_id` ON `phone_numbers`
WHEN OLD.e911_address_id IS NOT NEW.e911_address_id BEGIN
	UPDATE phone_numbers SET (e911_city, e911_validation_status) = (
		SELECT city, validation_status FROM e911_addresses WHERE id = NEW.e911_address_id
	) WHERE id = NEW.id;
END;
-- Every number of an edited address (phone_numbers_e911_address_idx finds them).
CREATE TRIGGER `e911_addresses_copy_update` AFTER UPDATE OF `city`, `validation_status` ON `e911_addresses`
WHEN OLD.city IS NOT NEW.city OR OLD.validation_status IS NOT NEW.validation_status BEGIN
	UPDATE phone_numbers SET e911_city = NEW.city, e911_validation_status = NEW.validation_status WHERE e911_address_id = NEW.id;
END;

CREATE INDEX `phone_numbers_e911_list_e164_idx` ON `phone_numbers` (`e164`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_organization_e164_idx` ON `phone_numbers` (`organization_id`, `e164`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_status_idx` ON `phone_numbers` (`e911_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_organization_status_idx` ON `phone_numbers` (`organization_id`, `e911_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_validation_idx` ON `phone_numbers` (`e911_validation_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_organization_validation_idx` ON `phone_numbers` (`organization_id`, `e911_validation_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_city_idx` ON `phone_numbers` (`e911_city`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_organization_city_idx` ON `phone_numbers` (`organization_id`, `e911_city`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_updated_at_idx` ON `phone_numbers` (`updated_at`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_list_organization_updated_at_idx` ON `phone_numbers` (`organization_id`, `updated_at`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected';
CREATE INDEX `phone_numbers_e911_without_e164_idx` ON `phone_numbers` (`e164`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_organization_e164_idx` ON `phone_numbers` (`organization_id`, `e164`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_status_idx` ON `phone_numbers` (`e911_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_organization_status_idx` ON `phone_numbers` (`organization_id`, `e911_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_validation_idx` ON `phone_numbers` (`e911_validation_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_organization_validation_idx` ON `phone_numbers` (`organization_id`, `e911_validation_status`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_city_idx` ON `phone_numbers` (`e911_city`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_organization_city_idx` ON `phone_numbers` (`organization_id`, `e911_city`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_updated_at_idx` ON `phone_numbers` (`updated_at`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
CREATE INDEX `phone_numbers_e911_without_organization_updated_at_idx` ON `phone_numbers` (`organization_id`, `updated_at`)
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');

-- 3. A number is an entry while it belongs to an organization and is not disconnected; an entry is "without
--    E911" while it has no address or is not provisioned. Any change of organization, status, address or
--    provisioning status can move it in or out of either tally.
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'e911_entries', 0, COUNT(*) FROM phone_numbers WHERE organization_id IS NOT NULL AND status <> 'disconnected';
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'e911_entries', organization_id, COUNT(*) FROM phone_numbers
WHERE organization_id IS NOT NULL AND status <> 'disconnected' GROUP BY organization_id;
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'e911_entries_without_e911', 0, COUNT(*) FROM phone_numbers
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned');
INSERT INTO row_counts (table_name, organization_id, total)
SELECT 'e911_entries_without_e911', organization_id, COUNT(*) FROM phone_numbers
WHERE organization_id IS NOT NULL AND status <> 'disconnected' AND (e911_address_id IS NULL OR e911_status IS NOT 'provisioned')
GROUP BY organization_id;

CREATE TRIGGER `phone_numbers_e911_tally_insert` AFTER INSERT ON `phone_numbers`
WHEN NEW.organization_id IS NOT NULL AND NEW.status <> 'disconnected' BEGIN
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT tally, scope, 1 FROM (
		SELECT 'e911_entries' AS tally
		UNION ALL SELECT 'e911_entries_without_e911' WHERE NEW.e911_address_id IS NULL OR NEW.e911_status IS NOT 'provisioned'
	) JOIN (SELECT 0 AS scope UNION ALL SELECT NEW.organization_id)
	WHERE true
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER `phone_numbers_e911_tally_delete` AFTER DELETE ON `phone_numbers`
WHEN OLD.organization_id IS NOT NULL AND OLD.status <> 'disconnected' BEGIN
	UPDATE row_counts SET total = total - 1
	WHERE organization_id IN (0, OLD.organization_id)
	AND (table_name = 'e911_entries'
		OR (table_name = 'e911_entries_without_e911' AND (OLD.e911_address_id IS NULL OR OLD.e911_status IS NOT 'provisioned')));
END;
-- Out of the old tallies, into the new ones; only when the entry, its organization or its coverage changed.
CREATE TRIGGER `phone_numbers_e911_tally_update` AFTER UPDATE OF `organization_id`, `status`, `e911_address_id`, `e911_status` ON `phone_numbers`
WHEN OLD.organization_id IS NOT NEW.organization_id
	OR (OLD.status = 'disconnected') IS NOT (NEW.status = 'disconnected')
	OR (OLD.e911_address_id IS NULL OR OLD.e911_status IS NOT 'provisioned') IS NOT (NEW.e911_address_id IS NULL OR NEW.e911_status IS NOT 'provisioned') BEGIN
	UPDATE row_counts SET total = total - 1
	WHERE OLD.organization_id IS NOT NULL AND OLD.status <> 'disconnected' AND organization_id IN (0, OLD.organization_id)
	AND (table_name = 'e911_entries'
		OR (table_name = 'e911_entries_without_e911' AND (OLD.e911_address_id IS NULL OR OLD.e911_status IS NOT 'provisioned')));
	INSERT INTO row_counts (table_name, organization_id, total)
	SELECT tally, scope, 1 FROM (
		SELECT 'e911_entries' AS tally
		UNION ALL SELECT 'e911_entries_without_e911' WHERE NEW.e911_address_id IS NULL OR NEW.e911_status IS NOT 'provisioned'
	) JOIN (SELECT 0 AS scope UNION ALL SELECT NEW.organization_id)
	WHERE NEW.organization_id IS NOT NULL AND NEW.status <> 'disconnected'
	ON CONFLICT (table_name, organization_id) DO UPDATE SET total = total + 1;
END;

-- 4. The search's index of addresses (external content: rowid = e911_addresses.id).
CREATE VIRTUAL TABLE `e911_addresses_fts` USING fts5(`caller_name`, `street_name`, `city`, content='e911_addresses', content_rowid='id', tokenize='trigram');
INSERT INTO e911_addresses_fts (e911_addresses_fts) VALUES ('rebuild');
CREATE TRIGGER `e911_addresses_fts_insert` AFTER INSERT ON `e911_addresses` BEGIN
	INSERT INTO e911_addresses_fts (rowid, caller_name, street_name, city) VALUES (NEW.id, NEW.caller_name, NEW.street_name, NEW.city);
END;
CREATE TRIGGER `e911_addresses_fts_delete` AFTER DELETE ON `e911_addresses` BEGIN
	INSERT INTO e911_addresses_fts (e911_addresses_fts, rowid, caller_name, street_name, city)
	VALUES ('delete', OLD.id, OLD.caller_name, OLD.street_name, OLD.city);
END;
CREATE TRIGGER `e911_addresses_fts_update` AFTER UPDATE OF `caller_name`, `street_name`, `city` ON `e911_addresses` BEGIN
	INSERT INTO e911_addresses_fts (e911_addresses_fts, rowid, caller_name, street_name, city)
	VALUES ('delete', OLD.id, OLD.caller_name, OLD.street_name, OLD.city);
	INSERT INTO e911_addresses_fts (rowid, caller_name, street_name, city) VALUES (NEW.id, NEW.caller_name, NEW.street_name, NEW.city);
END;
