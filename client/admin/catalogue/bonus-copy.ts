import type { Text } from '../../../shared/text.ts';
import { BONUS_FILE_MAX_BYTES } from '../../../shared/vault.ts';

/** The words of the console's 特典 pages (routes/catalogue-bonuses.tsx, bonus-forms.tsx). */
export const BONUS_COPY = {
  titleRound: { ja: '特典', en: 'Bonuses' },
  titleArtist: { ja: '継続特典', en: 'Milestone bonuses' },
  back: { ja: '戻る', en: 'Back' },
  leadRound: {
    ja: 'この回のBOXがファンに届くと（配達完了、または発送から決まった日数の後）、ここの特典がファンのマイページで開きます。',
    en: 'When a fan’s box of this round arrives (delivered, or set days after shipping), these bonuses open on their my page.',
  },
  leadArtist: {
    ja: 'ファンの継続回数（支払いが続いた回の数）が決めた回数に達すると、その回数の特典が開きます。',
    en: 'When a fan’s streak (paid boxes in a row) reaches the milestone, its bonuses open.',
  },
  empty: { ja: '特典はまだありません。', en: 'No bonuses yet.' },
  name: { ja: '名前（ファンに表示）', en: 'Name (shown to fans)' },
  kind: { ja: '種類', en: 'Kind' },
  size: { ja: 'サイズ', en: 'Size' },
  unlocked: { ja: '解放', en: 'Unlocked' },
  downloads: { ja: 'ダウンロード', en: 'Downloads' },
  codesLeft: { ja: '残りのコード', en: 'Codes left' },
  shortfall: { ja: 'コード不足', en: 'Short of codes' },
  added: { ja: '追加日時', en: 'Added' },
  milestone: { ja: '継続回数', en: 'Milestone (boxes in a row)' },
  file: { ja: 'ファイル', en: 'File' },
  fileHint: {
    ja: `画像（PNG・JPEG・WebP、縮小して保存）、音声（MP3・M4A・WAV・OGG・FLAC）、PDF。${BONUS_FILE_MAX_BYTES / 1024 / 1024}MBまで。`,
    en: `Pictures (PNG, JPEG, WebP; scaled down), audio (MP3, M4A, WAV, OGG, FLAC) or PDF, up to ${BONUS_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  },
  addFile: { ja: 'ファイルを追加', en: 'Add a file' },
  upload: { ja: 'アップロードする', en: 'Upload' },
  addCodes: { ja: 'シリアルコードを追加', en: 'Add serial codes' },
  codes: { ja: 'コード（1行に1つ）', en: 'Codes (one a line)' },
  codesHint: { ja: '1つのBOXに1つずつ配ります。', en: 'One code per box.' },
  saveCodes: { ja: 'コードを登録する', en: 'Save the codes' },
  append: { ja: 'シリアルコードを補充', en: 'Add codes to a list' },
  appendList: { ja: '補充するリスト', en: 'List' },
  appendSubmit: { ja: 'コードを補充する', en: 'Add the codes' },
  appendHint: { ja: 'コードを待っているファンに、すぐに配ります。', en: 'Fans waiting for a code get one at once.' },
  remove: { ja: '削除する', en: 'Delete' },
  actions: { ja: '操作', en: 'Actions' },
  badForm: { ja: 'フォームが正しくありません。', en: 'Unknown form.' },
} as const satisfies Record<string, Text>;
