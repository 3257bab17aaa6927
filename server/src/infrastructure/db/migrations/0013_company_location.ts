import { type Kysely, sql } from 'kysely';

/*
 * Where a company's office is (issue 23): the partner map places a company at its own address instead of
 * the mean of its customers' sites (a Los Angeles dealer with customers across the country landed in
 * Oklahoma). Null: the map falls back to the region's default coordinates (SPEC §3 Company.region).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies
    add column city text check (city is null or length(city) between 1 and 120),
    add column latitude double precision check (latitude between -90 and 90),
    add column longitude double precision check (longitude between -180 and 180),
    add constraint companies_location_complete check ((latitude is null) = (longitude is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies drop constraint if exists companies_location_complete,
    drop column if exists city, drop column if exists latitude, drop column if exists longitude`.execute(db);
}
