-- A number's page (issue 25) lists the number orders it was in: number_order_items by e164, across orders.
-- The unique index (order_id, e164) cannot serve a lookup by number alone.
CREATE INDEX `number_order_items_e164_idx` ON `number_order_items` (`e164`);
