import { z } from 'zod';

/** Ids in paths: bounded text; a non-uuid names nothing and answers 404 like any other unknown id. */
export const idParam = z.string().min(1).max(64);
export const tags = ['reseller'];
export const security = [{ bearer: [] }];
