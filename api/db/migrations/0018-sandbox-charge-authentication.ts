/**
 * Issue 30, 3-D Secure at checkout (docs/decisions/0066-checkout-3-d-secure.md): the sandbox gains a
 * card whose bank asks for authentication on every charge (4000 0000 0000 3063), as Stripe's
 * 4000 0027 6000 3184 does, with its own authentication page.
 * - `authenticates_charges` on a registration (carried through its 3-D Secure step) and on the card.
 * - A charge may wait for it (`requires_action`, with the page's `return_url`) and be cancelled
 *   (`canceled`: a later authentication takes nothing).
 */
export const name = 'sandbox-charge-authentication';

export const up = `
alter table sandbox_card_registrations add column authenticates_charges boolean not null default false;
alter table sandbox_cards add column authenticates_charges boolean not null default false;
alter table sandbox_charges add column return_url text check (char_length(return_url) <= 2048);
alter table sandbox_charges drop constraint sandbox_charges_status_check;
alter table sandbox_charges add constraint sandbox_charges_status_check
  check (status in ('succeeded', 'declined', 'pending', 'requires_action', 'canceled'));
`;
