const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else cannot name a row, so callers answer 404 without asking the database. */
export const isUuid = (value: string) => UUID.test(value);
