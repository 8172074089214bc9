import type { ArtistType, DisplayType } from '../artist-types.ts';
import type { RoundCharge } from '../money.ts';
import type { PaymentMethod, PaymentStatus } from '../payment.ts';
import type { Tracking } from '../carriers.ts';
import type { OrderParcel } from '../parcel-display.ts';
import type { TimelineEntry } from '../order-timeline.ts';
import type { ReceiptRefusal, TaxBreakdown } from '../receipt.ts';
import type { CancelOffer, CancelReason } from '../cancel-reasons.ts';
import type { UndoableChange } from '../subscription-rules.ts';
import type { ShopperRoundView } from '../shopper-round.ts';
import type { Text } from '../text.ts';

/** Response and request shapes of the shop API; field names follow docs/spec.md §3. */

export interface SocialLink {
  type: string;
  url: string;
  label?: string;
}

/** docs/spec.md §3 "attribute (object)": the artist's links and free-form extras. */
export interface ArtistAttribute {
  links: SocialLink[];
}

export interface Artist {
  id: number;
  name: string;
  subName: string;
  slug: string;
  description: string;
  icon: string;
  coverImage: string;
  type: ArtistType;
  attribute: ArtistAttribute;
  copyright: string;
  backgroundColor: string;
  sort: number;
  isClose: boolean;
  tags: string[];
  /** The operator's English description; null: none, the page shows the Japanese (lang="ja"). */
  descriptionEn: string | null;
  /** The cheapest plan open now (served with the list, so a card needs no second call). */
  lowestPrice: PlanPrice | null;
}

/** A plan's price and its billing cycle in months: enough to say 「1回のお届け ¥3,960〜」. */
export interface PlanPrice {
  price: number;
  preTaxPrice: number;
  period: number;
}

/** Catalogue text in Japanese with the operator's optional English. */
export interface CatalogueText {
  ja: string;
  en: string | null;
}

/** What every box of a tier contains: what sets the tiers of one artist apart. */
export interface PlanContents {
  /** Goods in each box. */
  goodsCount: number;
  /** Items every box of the tier is sure to contain. */
  guaranteed: CatalogueText[];
  /** Limited goods (made for this tier only) in each box. */
  limitedCount: number;
}

/** One box round of a plan: `endDate` is the application deadline (docs/decisions/0008-subscription-rounds.md). */
export interface Order {
  id: number;
  planId: number;
  name: string;
  price: number;
  preTaxPrice: number;
  endDate: string;
  shipDate: string;
  isOpen: boolean;
}

export interface Plan {
  id: number;
  artistId: number;
  name: string;
  attention: string;
  period: number;
  price: number;
  preTaxPrice: number;
  sort: number;
  displayType: DisplayType;
  /** The round now accepting applications, if any. */
  currentOrder: Order | null;
  /** The round after it, if scheduled: a subscription made now is charged for it at its deadline. */
  nextOrder: Order | null;
  nameEn: string | null;
  attentionEn: string | null;
  /** Null until the operator has described the tier. */
  contents: PlanContents | null;
}

export interface ArtistDetail extends Artist {
  plans: Plan[];
  /** Shipped rounds of the artist's plans, newest first, with the goods they contained. */
  pastBoxes: PastBox[];
}

/** A round that has shipped: its surprise is over, so its goods are shown to sell the next one. */
export interface PastBox {
  id: number;
  planId: number;
  planName: string;
  planNameEn: string | null;
  name: string;
  shipDate: string;
  goods: OrderGoods[];
}

export interface PlanDetail extends Plan {
  artist: Artist;
  orders: Order[];
}

export interface OrderGoods {
  id: number;
  name: string;
  description: string;
  image: string;
}

export interface OrderDetail extends Order {
  plan: Plan;
  artist: Artist;
  /** The contents stay a surprise until the round's delivery window closes (shared/spoilers.ts): null before that. */
  goods: OrderGoods[] | null;
}

export interface CategoryGroup {
  type: ArtistType;
  artists: Artist[];
}

export interface CategoryArtists {
  categories: CategoryGroup[];
}

export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  titleEn: string | null;
  subtitleEn: string | null;
  image: string;
  link: string;
  sort: number;
}

export interface News {
  id: number;
  title: string;
  message: string;
  openFlag: boolean;
  publishedAt: string;
  titleEn: string | null;
  messageEn: string | null;
  /** What the news announces: a site path or an https address (shared/catalogue-link.ts), or null. */
  link: string | null;
}

export type Gender = 'MALE' | 'FEMALE' | 'OTHER' | 'UNKNOWN';

/** docs/spec.md §3 "default user". */
export interface User {
  email: string;
  name: string;
  /** フリガナ (katakana); '' when not given. */
  nameKana: string;
  zip: string;
  address: string;
  address2: string;
  birthday: string;
  gender: Gender;
  tel: string;
  code: string;
}

/** 継続月数 with one artist (shared/tenure.ts): paid rounds in a row and the months they cover. */
export interface ArtistTenure {
  artist: { name: string; slug: string };
  rounds: number;
  months: number;
}

export interface CurrentUser extends Omit<User, 'code'> {
  id: number;
  paymentMethod: PaymentMethod;
  securitySafe: boolean;
}

/** GET/PUT /api/user/mailLang: the language of the fan's mails (issue 31). */
export interface MailLang {
  lang: 'ja' | 'en';
}

/** docs/spec.md §7: signed in only if `userId` is present. */
export interface LoginStatus {
  userId: number | null;
  user: CurrentUser | null;
}

/** Login `{email, password}`; reminder adds the mailed `code` (and optionally the confirmation). */
export interface EmailPass {
  email: string;
  password: string;
  code?: string;
  passwordConfirm?: string;
}

/** Signed in with securitySafe: the new password alone (PUT /api/user/loginPass). */
export interface PasswordChange {
  password: string;
  passwordConfirm?: string;
}

/** POST /api/user: the code mailed to `email` proves the mailbox. */
export interface SignupBody extends Omit<User, 'code'> {
  code: string;
  password: string;
  passwordConfirm: string;
  agreement: boolean;
}

/** PUT /api/user, first form: any subset of the profile. */
export type ProfileBody = Partial<Pick<User, 'name' | 'nameKana' | 'zip' | 'address' | 'address2' | 'birthday' | 'gender' | 'tel'>>;

/** PUT /api/user, second form: the new address and the code mailed to it (needs securitySafe). */
export interface EmailChangeBody {
  email: string;
  code: string;
}

export type InputUser = SignupBody | ProfileBody | EmailChangeBody;

export interface UserPlan {
  id: number;
  count: number;
  plan: Plan;
  artist: Artist;
  createdAt: string;
  /** Skipping every round until resumed. */
  paused: boolean;
  /** The round a change made now applies from (shared/subscription-rules.ts), null if not scheduled. */
  nextRound: Order | null;
  /** 「12月号から」: what every change made now says. */
  appliesFrom: Text;
  /** The round next charged at its deadline (shared/billing-rules.ts `nextBilledRound`), null if none or paused. */
  nextBilledRound: Order | null;
  nextRoundSkipped: boolean;
  /** The charge of the next round, if one was made (at checkout) or is under way. */
  nextRoundPaymentStatus: PaymentStatus | null;
  /** What the next round costs with the current payment method (shared/money.ts). */
  nextRoundCharge: RoundCharge;
  /**
   * The next round's live charge (made at checkout or under way): what a skip, pause or cancel would
   * refund, and its 注文番号 (`orderId`, the order history's id: the number 注文履歴 and the receipt show).
   */
  nextRoundPayment: {
    total: number; method: PaymentMethod; orderId: number;
    /** What a skip, pause or cancel would refund in all, and the parcel's shipping it would leave paid for another box (同梱, shared/parcel.ts). */
    refund: number; keptShipping: number;
  } | null;
  /** The skip or pause that can still be taken back, and until when (shared/subscription-rules.ts `canUndo`). */
  undo: { change: UndoableChange; until: string } | null;
}

/**
 * GET /api/userPlan: each subscription with the tiers it may change to (every plan of its artist,
 * its own included), so My plans needs one call, not one more per artist (issue 11).
 */
export interface UserPlanWithTiers extends UserPlan {
  tiers: Plan[];
  /** A konbini/PayPay fan's latest round request of this subscription (issue 34); absent for a card's. */
  shopperRound?: ShopperRoundView;
}

export interface UserPlanInput {
  planId: number;
  count?: number;
  /**
   * The total the fan saw for one delivery (tax, shipping, any fee). When given, a checkout that
   * would charge anything else is refused (409 TOTAL_CHANGED) and nothing is charged.
   */
  expectedTotal?: number;
  /** Or the `Idempotency-Key` header: the same key twice makes one subscription and one charge. */
  idempotencyKey?: string;
}

/** PUT /api/userPlan: change (default) tier or count; skip the next round; pause; resume; undo a skip or pause. */
export type UserPlanAction = 'change' | 'skip' | 'pause' | 'resume' | 'undoSkip' | 'undoPause';

export interface InputUserPlan {
  currentPlanId: number;
  planId: number;
  count?: number;
  action?: UserPlanAction;
  /** The change is an offer the cancel page made (issue 32): recorded with the fan's answer. */
  cancelOffer?: { offer: CancelOffer } & CancelSurvey;
}

/** The cancel page's optional question (issue 32). */
export interface CancelSurvey {
  reason?: CancelReason;
  note?: string;
}

/** Every answer of a change names the round it applies from. */
export interface UserPlanChange {
  userPlan: UserPlan;
  appliesFrom: { order: Order | null; label: Text };
  /** A round charged at checkout was voided and refunded by this change (skip, pause, cancel). */
  refunded: boolean;
  /** What was refunded, and to which payment method, when `refunded`; `keptShipping`: 同梱's fee that stays paid for the parcel's other box. */
  refund?: { total: number; method: PaymentMethod; keptShipping?: number } | null;
  /** A tier or count change on a paid round: the new terms charged at once (issue 30). */
  charge?: { total: number; method: PaymentMethod } | null;
}

/** GET /api/userPlan/change/preview: what a tier or count change would do, for its confirmation page. */
export interface PlanChangePreview {
  planId: number;
  count: number;
  planName: string;
  planNameEn: string | null;
  appliesFrom: { order: Order | null; label: Text };
  /** Set when the round is already paid: charged now with the new terms. Else the new price is charged at the deadline. */
  charge: { total: number; method: PaymentMethod } | null;
  /** Set when the round is not paid yet: the new terms, charged at its deadline (nothing moves now). */
  atDeadline: { total: number; method: PaymentMethod } | null;
  /** Set when the round is already paid: the old charge, refunded. */
  refund: { total: number; method: PaymentMethod } | null;
}

/** POST /api/userPlan: the subscription and the charge of the open round. */
export interface UserPlanCreated extends UserPlanChange {
  /** The charge as recorded: goods × count, shipping, the deferred-payment fee, and their total. */
  history: { id: number; price: number; shipFee: number; fee: number; total: number; paymentStatus: PaymentStatus; paymentMethod: PaymentMethod };
}

/**
 * POST /api/userPlan's 202: the card's bank asks the shopper to authenticate the first round's
 * charge (3-D Secure). The browser goes to `authenticationUrl` (the gateway's page, checked with
 * shared/charge-authentication.ts `isProviderRedirect`); it comes back to the shop, which starts
 * the subscription once the charge succeeded.
 */
export interface CheckoutAuthentication {
  /**
   * Where the browser goes to finish paying: the gateway's 3-D Secure page, PayPay's page, or (a
   * konbini checkout, issue 34) the shop's own voucher page, a path of this site
   * (`href('checkoutPayment')`), which `isProviderRedirect` allows as any same-origin path.
   */
  authenticationUrl: string;
}

/**
 * GET /api/userPlan/:id/checkoutPayment (issue 34): the first round's payment of a checkout paid by
 * the fan herself, as the voucher page shows it. `awaiting`: still payable (konbini: the voucher;
 * PayPay: its page); `paid`: the subscription started; `ended`: no subscription (expired, declined,
 * superseded); `pending`: the gateway did not answer or is still settling it.
 */
export interface CheckoutPayment {
  state: 'awaiting' | 'paid' | 'ended' | 'pending';
  method: 'konbini' | 'paypay';
  userPlanId: number;
  slug: string;
  planId: number;
  planName: string;
  planNameEn: string | null;
  artistName: string;
  count: number;
  /** Tax-included yen, the round price as every page states it. */
  amount: number;
  voucher: { number: string | null; expiresAt: string; url: string } | null;
  redirectUrl: string | null;
  /** The sandbox or a Stripe test key: the voucher page can be paid by a test button. */
  testMode: boolean;
}

/** The round of an order as the history shows it: its name, deadline, ship date and 「12月号」. */
export interface HistoryRound {
  id: number;
  name: string;
  endDate: string;
  shipDate: string;
  label: Text;
}

export interface HistoryPlan {
  id: number;
  name: string;
  nameEn: string | null;
}

export interface HistoryArtist {
  id: number;
  name: string;
  slug: string;
}

/** GMOAB: the invoice is due `dueDays` after it is issued (the charge); late fees per reminder. */
export interface DeferredInvoice {
  dueDate: string;
  dueDays: number;
  lateFee: number;
  maxLateFees: number;
  lateFeeMax: number;
}

/** Whether a receipt can be issued, and how often it has been. */
export interface ReceiptState {
  available: boolean;
  refusal: ReceiptRefusal | null;
  issuedCount: number;
  addressee: string | null;
}

/**
 * GET /api/planOrderHistory(/{id}): one round one user bought. docs/spec.md §3 names kept (`order` is the
 * round); `id` is the history id the detail and receipt calls take.
 */
export interface PlanOrderHistory {
  id: number;
  order: HistoryRound;
  plan: HistoryPlan;
  artist: HistoryArtist;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** docs/spec.md §4 label; empty for an unknown status. */
  paymentStatusLabel: Text;
  count: number;
  price: number;
  preTaxPrice: number;
  preTaxShipFee: number;
  shipFee: number;
  fee: number;
  preTaxFee: number;
  total: number;
  shipNumber: string;
  shipSrcName: string;
  shipZip: string;
  shipAddress: string;
  shipAddress2: string;
  shipDestName: string;
  shipTel: string;
  paidAt: string | null;
  createdAt: string;
  /** A declined charge that will be tried again at this instant. */
  nextAttemptAt: string | null;
  refundStatus: 'pending' | 'refunded' | 'failed' | null;
  /** Each refund of this charge, oldest first: support's partial ones, then the full refund of the rest. */
  refunds: HistoryRefund[];
  /** What was paid net of refunds (done or under way): the receipt's amount. */
  netTotal: number;
  /** A charge replaced by a tier or count change: the order that replaced it. */
  supersededBy: number | null;
  /** A round whose checkout charge was refunded by a skip since undone: charged again at this deadline. */
  chargeAt: string | null;
  tracking: Tracking | null;
  timeline: TimelineEntry[];
  /** What was in this box, once it was delivered (or its round's delivery window closed): shared/spoilers.ts. Null while a surprise. */
  contents: OrderGoods[] | null;
  deferred: DeferredInvoice | null;
  receipt: ReceiptState;
  /** The fan's boxes travelling with this one (同梱): shared/parcel-display.ts. Null for a box alone. */
  parcel: OrderParcel | null;
}

/** One refund as the fan's history shows it: how much, when, back to which payment method. */
export interface HistoryRefund {
  amount: number;
  status: 'pending' | 'refunded' | 'failed';
  /** When it was refunded; null while pending or failed. */
  at: string | null;
  method: PaymentMethod;
  /** The rest of the charge (a full refund), or part of it. */
  full: boolean;
}

/** POST /api/planOrderHistory/{id}/receipt: the addressee printed on the receipt. */
export interface ReceiptInput {
  addressee: string;
}

/**
 * A receipt (領収書) as issued. With the issuer (name, address, registration number: the web tier's
 * configuration, `PublicConfig.invoiceIssuer`) it states what a qualified invoice must.
 * `reissued` marks every issue after the first.
 */
export interface Receipt {
  historyId: number;
  /** The receipt's number: the same on every issue of one order. */
  number: string;
  addressee: string;
  /** The first issue's date, the one the receipt keeps. */
  issuedAt: string;
  issuedCount: number;
  reissued: boolean;
  /** 但し書き */
  description: Text;
  /** The transaction date: when the card was charged. */
  paidAt: string;
  paymentMethod: PaymentMethod;
  total: number;
  tax: TaxBreakdown;
  /** The box travelled in a parcel (同梱): its shipping line says so. */
  parcel: OrderParcel | null;
}

export interface PaymentMethodHistory {
  paymentMethod: PaymentMethod;
  cardLast4: string | null;
  cardBrand: string | null;
  updatedAt: string;
}

export interface CreditInfo {
  registered: boolean;
  cardLast4: string | null;
  cardBrand: string | null;
  expiry: string | null;
  /** The card on record was saved at another gateway (issue 20): it cannot be used; register again. */
  needsReRegistration?: boolean;
}

/** PUT /api/paymentMethod (added by this design): choose CARD or GMOAB; minors tick guardianConsent. */
export interface PaymentMethodChoice {
  paymentMethod: PaymentMethod;
  guardianConsent?: boolean;
}

export interface RedirectTarget {
  url: string;
}

/** What a mailed code is for; a code works only for its own purpose and address. */
export type MailType = 'signup' | 'reminder' | 'email';

export interface MailCode {
  email: string;
  code: string;
  type: MailType;
}

export interface MailSend {
  email: string;
  type: MailType;
}

/** GET /api/zip/{zip}: Japan Post data (added by this design). */
export interface ZipAddress {
  zip: string;
  prefecture: string;
  city: string;
  town: string;
}

export interface Ok {
  ok: true;
}
