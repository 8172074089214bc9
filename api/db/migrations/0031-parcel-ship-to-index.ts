/**
 * 同梱 (docs/decisions/0089-parcels-on-the-carrier-files.md): a round's export, the import and the
 * fan's order history look up, for each box, the fan's other boxes to the same ship-to. This index
 * answers that lookup for one box in a few entries, however many boxes the fan has.
 */
export const name = 'parcel-ship-to-index';

export const up = `
create index plan_order_histories_ship_to on plan_order_histories (user_id, ship_zip, ship_address) where superseded_by is null;
`;
