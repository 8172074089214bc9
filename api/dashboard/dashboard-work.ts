import { DASHBOARD_LIMITS, type RoundForecast } from '../../shared/api/dashboard.ts';
import { boxForecast, monthlyRecurring } from '../../shared/dashboard-forecast.ts';
import { toDoTiles, type ToDoTile } from '../../shared/dashboard-to-dos.ts';
import type { Amount } from '../../shared/money.ts';
import { countDeclinedByRound, countOpenDisputes } from '../charges/charges.repository.ts';
import type { Db } from '../db/schema.ts';
import { countBoxesToShip } from '../shipping/rounds.repository.ts';
import { countOpenRefunds, findOpenRounds, groupForecast, groupRecurring } from './dashboard.repository.ts';

/**
 * The dashboard's to-dos, MRR and box forecast (issue 32): the repositories count, the rules of
 * shared/dashboard-to-dos.ts and shared/dashboard-forecast.ts decide, nothing is computed here.
 */
export async function toDosAt(db: Db, now: Date): Promise<ToDoTile[]> {
  const [declinedByRound, toShip, refunds, disputes] = await Promise.all([
    countDeclinedByRound(db, now), countBoxesToShip(db, now), countOpenRefunds(db), countOpenDisputes(db),
  ]);
  return toDoTiles({ declinedByRound, toShip, refunds, disputes });
}

export async function mrrAt(db: Db, now: Date): Promise<Amount> {
  const rows = await groupRecurring(db);
  return monthlyRecurring(rows.map((r) => ({
    price: r.price, preTaxPrice: r.pre_tax_price, count: r.count, period: r.period, deferred: Boolean(r.deferred), subscriptions: Number(r.n),
  })), now);
}

export async function forecastAt(db: Db, now: Date): Promise<RoundForecast[]> {
  const rounds = await findOpenRounds(db, now, DASHBOARD_LIMITS.forecastRounds);
  const rows = await groupForecast(db, rounds.map((r) => r.id));
  return rounds.map((round) => {
    const own = rows.filter((r) => r.round_id === round.id)
      .map((r) => ({ paid: r.paid, skipped: r.skipped, paused: r.paused, lastDeclined: r.last_declined, boxes: Number(r.boxes) }));
    return {
      roundId: round.id, name: round.name, planName: round.plan_name, planNameEn: round.plan_name_en || null, artistName: round.artist_name,
      deadline: new Date(round.end_date).toISOString(), shipDate: new Date(round.ship_date).toISOString(), ...boxForecast(own),
    };
  });
}
