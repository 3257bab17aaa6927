/**
 * Where the account menu goes (SPEC §2 header profile menu: profile, appearance, about, videos, help,
 * log out). Replaced by the identity/account issue; it gets the account through useAccount().
 */
export function AccountMenuSlot() {
  return null;
}
