-- Generated letters of authorization (issue 13): a porting order's document is an upload or the LOA the backend generated.
ALTER TABLE `porting_order_documents` ADD `source` text DEFAULT 'upload' NOT NULL;
