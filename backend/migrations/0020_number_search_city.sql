-- Issue 25: a number's search also matches its city; porting history names both people of a masquerade.
-- 1. `city`: the city the carrier gives the number (its rate center's city, as the ordering wizard shows it),
--    kept from the order that brought it in; the numbers already ordered get it from their order items.
-- 2. The trigram index of migration 0012 gains that city, the rate center and the city of the number's E911
--    address (kept on the row by the triggers of migration 0013), so "Seattle" finds the numbers there.
ALTER TABLE `phone_numbers` ADD `city` text;
UPDATE phone_numbers SET city = (
	SELECT i.city FROM number_order_items i WHERE i.e164 = phone_numbers.e164 AND i.city IS NOT NULL ORDER BY i.id DESC LIMIT 1
) WHERE city IS NULL;

DROP TRIGGER IF EXISTS `phone_numbers_fts_insert`;
DROP TRIGGER IF EXISTS `phone_numbers_fts_delete`;
DROP TRIGGER IF EXISTS `phone_numbers_fts_update`;
DROP TABLE IF EXISTS `phone_numbers_fts`;

CREATE VIRTUAL TABLE `phone_numbers_fts` USING fts5(`e164`, `label`, `cnam`, `city`, `rate_center`, `e911_city`, content='phone_numbers', content_rowid='id', tokenize='trigram');
INSERT INTO phone_numbers_fts (phone_numbers_fts) VALUES ('rebuild');
CREATE TRIGGER `phone_numbers_fts_insert` AFTER INSERT ON `phone_numbers` BEGIN
	INSERT INTO phone_numbers_fts (rowid, e164, label, cnam, city, rate_center, e911_city)
	VALUES (NEW.id, NEW.e164, NEW.label, NEW.cnam, NEW.city, NEW.rate_center, NEW.e911_city);
END;
CREATE TRIGGER `phone_numbers_fts_delete` AFTER DELETE ON `phone_numbers` BEGIN
	INSERT INTO phone_numbers_fts (phone_numbers_fts, rowid, e164, label, cnam, city, rate_center, e911_city)
	VALUES ('delete', OLD.id, OLD.e164, OLD.label, OLD.cnam, OLD.city, OLD.rate_center, OLD.e911_city);
END;
CREATE TRIGGER `phone_numbers_fts_update` AFTER UPDATE OF `e164`, `label`, `cnam`, `city`, `rate_center`, `e911_city` ON `phone_numbers` BEGIN
	INSERT INTO phone_numbers_fts (phone_numbers_fts, rowid, e164, label, cnam, city, rate_center, e911_city)
	VALUES ('delete', OLD.id, OLD.e164, OLD.label, OLD.cnam, OLD.city, OLD.rate_center, OLD.e911_city);
	INSERT INTO phone_numbers_fts (rowid, e164, label, cnam, city, rate_center, e911_city)
	VALUES (NEW.id, NEW.e164, NEW.label, NEW.cnam, NEW.city, NEW.rate_center, NEW.e911_city);
END;

-- 3. A porting order's history names the person (the portal user, or "the carrier"), and during a masquerade both
--    people, as the activity log does: the masquerader of a user's event is kept with it.
ALTER TABLE `porting_order_events` ADD `masquerader_id` integer REFERENCES users(id) ON DELETE SET NULL;
