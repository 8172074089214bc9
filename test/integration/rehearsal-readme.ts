/**
 * The README's "Rehearse a month", read as steps so that process-rehearsal.test.ts runs what the
 * README says: a README that changes its commands, cards or example deadline changes the test's
 * run, and one that adds, drops or reorders a step fails it.
 */
export type RehearsalStep =
  | { kind: 'ops'; args: string[]; line: string }
  | { kind: 'card'; number: string }
  | { kind: 'csv'; file: string; text: string; line: string };

export interface Rehearsal {
  /** The card registered before subscribing. */
  firstCard: string;
  /** The example deadline as My plans writes it (`2027/01/10 23:59`), and that minute as an instant. */
  exampleShown: string;
  exampleDeadline: number;
  steps: RehearsalStep[];
}

function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`the README's "Rehearse a month" has no ${what}`);
  return value;
}

/** One line of the block: a command, a card to register, or nothing (a comment, the echo's second line). */
function stepOf(line: string): RehearsalStep | null {
  const command = /^npm run ops -- (.+?)\s*(#.*)?$/.exec(line);
  if (command) return { kind: 'ops', args: command[1]!.split(/\s+/), line };
  const card = /^# register (\d{16})\b/.exec(line);
  return card ? { kind: 'card', number: card[1]! } : null;
}

export function readRehearsal(readme: string): Rehearsal {
  const start = readme.indexOf('**Rehearse a month**');
  if (start < 0) must(null, 'paragraph');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const block = must(/```sh\n([\s\S]*?)```/.exec(section), 'command block')[1]!;
  const example = must(/「次回の決済：\d{1,2}月号 — 申込締切 (\d{4}\/\d{2}\/\d{2} \d{2}:\d{2})」/.exec(section), 'example of My plans\' next charge')[1]!;
  const steps: RehearsalStep[] = [];
  const echo = /^echo "([^"]*)" > (\S+)$/m;
  // The shipment file is one echo over two lines: it stands where its first line stands.
  for (const line of block.split('\n')) {
    if (line.startsWith('echo "')) {
      const [whole, text, file] = must(echo.exec(block.slice(block.indexOf(line))), 'shipment file');
      steps.push({ kind: 'csv', file: file!, text: text!, line: whole });
      continue;
    }
    const step = stepOf(line.trim());
    if (step) steps.push(step);
  }
  return {
    firstCard: must(/test card `(\d{16})`/.exec(section), 'first test card')[1]!,
    exampleShown: example,
    exampleDeadline: Date.parse(`${example.replaceAll('/', '-').replace(' ', 'T')}:00+09:00`),
    steps,
  };
}

/** A deadline as My plans writes it (「次回の決済：4月号 — 申込締切 2027/03/10 23:59」): the minute, and that minute as an instant. */
export interface ShownDeadline {
  shown: string;
  at: number;
}

/**
 * "Then the three-month plan": the second fan's block, the deadlines its dates are written for
 * (the first fan's next round, 3月号, and hers, 4月号, as the README's My plans examples say), and
 * its steps.
 */
export interface QuarterRehearsal {
  firstFanNext: ShownDeadline;
  quarterFanNext: ShownDeadline;
  steps: RehearsalStep[];
}

const NEXT_CHARGE = /「次回の決済：(\d{1,2}月号) — 申込締切 (\d{4}\/\d{2}\/\d{2} \d{2}:\d{2})」/;

function shownDeadline(match: RegExpExecArray | null, what: string): ShownDeadline {
  const shown = must(match, what)[2]!;
  return { shown, at: Date.parse(`${shown.replaceAll('/', '-').replace(' ', 'T')}:00+09:00`) };
}

export function readQuarterRehearsal(readme: string): QuarterRehearsal {
  const month = readme.slice(readme.indexOf('**Rehearse a month**'));
  const start = readme.indexOf('**Then the three-month plan**');
  if (start < 0) must(null, 'three-month plan');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const block = must(/```sh\n([\s\S]*?)```/.exec(section), 'three-month command block')[1]!;
  return {
    firstFanNext: shownDeadline(NEXT_CHARGE.exec(section), 'example of the first fan\'s next charge after 2月号'),
    quarterFanNext: shownDeadline(new RegExp(`subscribe her to[\\s\\S]*?${NEXT_CHARGE.source}`).exec(month), 'example of the three-month fan\'s next charge'),
    steps: block.split('\n').flatMap((line) => stepOf(line.trim()) ?? []),
  };
}

/** `ops billing --now`, `card`, `csv`: a step without its values, to compare the block's shape. */
export function describeStep(step: RehearsalStep): string {
  if (step.kind !== 'ops') return step.kind;
  return ['ops', ...step.args.filter((arg, i) => !arg.endsWith('.csv') && step.args[i - 1] !== '--now')].join(' ');
}

/**
 * The command lines of "Billing and operator commands" (`npm run ops -- shipments export …`), as
 * a user copies them: issue 29's `> round.csv` took npm's banner into the file.
 */
export function readOperatorCommands(readme: string): string[] {
  const start = readme.indexOf('Operators use one command line');
  if (start < 0) must(null, 'list of operator commands');
  const block = must(/```sh\n([\s\S]*?)```/.exec(readme.slice(start)), 'block of operator commands')[1]!;
  return block.split('\n').filter((line) => line.startsWith('npm run ops -- '));
}

/** The one documented line that starts with `npm run ops -- <command>`. */
export function operatorCommand(lines: string[], command: string): string {
  const found = lines.filter((line) => line.startsWith(`npm run ops -- ${command} `));
  if (found.length !== 1) throw new Error(`the README documents ${found.length} lines of npm run ops -- ${command}`);
  return found[0]!;
}

/**
 * "Two artists in one parcel, a 特典 and a milestone" (issue 33): its card, its `staff add`, its
 * block's lines by what they do, and the example deadline their dates are written for; `moved`
 * moves a line's `--now` to a shop's deadline, kept as far from it as the README has it.
 */
export interface ParcelRehearsal {
  card: string;
  staffAdd: string;
  exampleDeadline: number;
  lines: { charge: string; preparing: string; export: string; import: string; delivered: string };
  moved(line: string, deadline: number): string;
}

export function readParcelRehearsal(readme: string): ParcelRehearsal {
  const start = readme.indexOf('**Two artists in one parcel, a 特典 and a milestone**');
  if (start < 0) must(null, 'two artists in one parcel');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const block = must(/```sh\n([\s\S]*?)```/.exec(section), 'parcel command block')[1]!;
  const commands = block.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter((line) => line.startsWith('npm run ops -- '));
  const [charge, preparing, exported, imported, delivered] = commands;
  if (commands.length !== 5) must(null, `five commands in the parcel block (it has ${commands.length})`);
  const example = shownDeadline(NEXT_CHARGE.exec(section), 'example deadline of the parcel block');
  return {
    card: must(/register `(\d{16})`/.exec(section), 'card of the parcel block')[1]!,
    staffAdd: must(/`(npm run ops -- staff add \S+ --role owner)`/.exec(section), 'staff add of the parcel block')[1]!,
    exampleDeadline: example.at,
    lines: { charge: charge!, preparing: preparing!, export: exported!, import: imported!, delivered: delivered! },
    moved: (line, deadline) => line.replace(/--now (\S+)/, (_, at: string) => `--now ${new Date(deadline + Date.parse(at) - example.at).toISOString()}`),
  };
}

/**
 * "A fan who pays at a konbini" (issue 34): the method's label as the payment page shows it, the
 * block's three lines (the request paid, the next request, its lapse) and the example deadline
 * their dates are written for; `moved` as the parcel block's.
 */
export interface KonbiniRehearsal {
  choice: string;
  button: string;
  exampleDeadline: number;
  lines: { request: string; nextRequest: string; lapse: string };
  moved(line: string, deadline: number): string;
}

export function readKonbiniRehearsal(readme: string): KonbiniRehearsal {
  const start = readme.indexOf('**A fan who pays at a konbini**');
  if (start < 0) must(null, 'a fan who pays at a konbini');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const block = must(/```sh\n([\s\S]*?)```/.exec(section), 'konbini command block')[1]!;
  const commands = block.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter((line) => line.startsWith('npm run ops -- '));
  if (commands.length !== 3) must(null, `three commands in the konbini block (it has ${commands.length})`);
  const example = shownDeadline(NEXT_CHARGE.exec(section), 'example deadline of the konbini block');
  return {
    choice: must(/choose\s+「([^」]+)」/.exec(section), 'konbini choice')[1]!,
    button: must(/「(お支払い番号を発行する) ¥/.exec(section), 'voucher button')[1]!,
    exampleDeadline: example.at,
    lines: { request: commands[0]!, nextRequest: commands[1]!, lapse: commands[2]! },
    moved: (line, deadline) => line.replace(/--now (\S+)/, (_, at: string) => `--now ${new Date(deadline + Date.parse(at) - example.at).toISOString()}`),
  };
}
