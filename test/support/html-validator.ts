import { HtmlValidate, type ConfigData } from 'html-validate';

/**
 * The rendered pages checked as the Nu HTML Checker would (issue 31), with the npm validator
 * html-validate instead of Java's vnu.jar: its `recommended` preset (HTML's content models,
 * attributes, ARIA misuse, duplicate ids, WCAG techniques) plus `document` (doctype, headings in
 * order, labelled inputs, references that point somewhere). A rule is turned off or tuned only
 * where it judges how React spells markup, which the HTML standard leaves free and Nu accepts.
 */
const CONFIG: ConfigData = {
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // Spelling React chooses: `charSet`/`fetchPriority` (attribute names are case-insensitive),
    // `<meta/>`, `required=""`, `download=""`. All valid HTML; none is ours to change.
    'attr-case': 'off',
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // useId's ids (`_R_5lam_`) are valid HTML ids (no whitespace, not empty), as Nu reads them.
    'valid-id': ['error', { relaxed: true }],
    // Subresource integrity matters for files from another origin; every script and style of the
    // shop comes from its own, hashed names included.
    'require-sri': ['error', { target: 'crossorigin' }],
    // Nu's rule: aria-label only where the role takes a name. A named list (`<ul aria-label>`) is
    // valid ARIA; a named <span> or <div> without a role is still an error.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
};

export interface HtmlProblem {
  page: string;
  line: number;
  column: number;
  rule: string;
  message: string;
  selector: string | null;
}

const validator = new HtmlValidate(CONFIG);

/** Every error the validator finds in one page's HTML (warnings, such as deprecated options, left out). */
export async function validateHtml(page: string, html: string): Promise<HtmlProblem[]> {
  const report = await validator.validateString(html, page);
  return report.results.flatMap((result) => result.messages)
    .filter((message) => message.severity === 2)
    .map((message) => ({ page, line: message.line, column: message.column, rule: message.ruleId, message: message.message, selector: message.selector }));
}

/** One line per problem, for a failure message: where it is, which rule, what it says. */
export function describeProblems(problems: readonly HtmlProblem[]): string {
  return problems.map((p) => `${p.page}:${p.line}:${p.column} [${p.rule}] ${p.message}${p.selector ? ` (${p.selector})` : ''}`).join('\n');
}
