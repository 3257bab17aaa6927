/** The pathless route holding every signed-in page; its loader data is the account state. */
export const AUTHENTICATED_ROUTE_ID = 'AUTHENTICATED';
