/** A record id in a URL or a form: a positive integer of at most ten digits (what the API accepts). */
export const RECORD_ID = /^[1-9]\d{0,9}$/;

export const isRecordId = (value: string | null | undefined): value is string => value != null && RECORD_ID.test(value);
