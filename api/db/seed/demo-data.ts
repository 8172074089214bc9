import type { PlanContents } from '../../../shared/api/types.ts';
import type { ArtistType, DisplayType } from '../../../shared/artist-types.ts';
import type { GoodsArtKind } from './svg-art.ts';

/**
 * The demo catalogue: fictional artists, their plans, banners and news. Prices are given before
 * tax only; the seed derives the tax-included price with `withTax`, so the two cannot disagree.
 * Dates are offsets in days from the seeding moment, and every start adds the coming months' rounds
 * (demo-rounds.ts), so the demo shop always has an open round and the rounds after it.
 */

export interface DemoLink {
  type: string;
  url: string;
}

export interface DemoPlan {
  name: string;
  preTaxPrice: number;
  period: number;
  /** SPECIAL_LIST plans are kept off plan lists (shared/artist-types.ts `listedPlans`), so the demo has none. */
  displayType: Exclude<DisplayType, 'SPECIAL_LIST'>;
  attention: string;
  /** What every box of the tier contains: the demo describes every tier. */
  contents: PlanContents;
  nameEn?: string;
  attentionEn?: string;
}

export interface DemoGoods {
  /** Names the picture: `goods/<slug>-<key>.svg`. */
  key: string;
  art: GoodsArtKind;
  name: string;
  /** `{name}` is replaced by the artist's name. */
  description: string;
}

export interface DemoArtist {
  slug: string;
  name: string;
  subName: string;
  description: string;
  /** The operator's English: the demo gives every artist one (a record without it is for tests to make). */
  descriptionEn?: string;
  type: ArtistType;
  backgroundColor: string;
  /** Used only for the generated art: a stronger colour that carries white text. */
  accentColor: string;
  /** The monogram drawn on the artist's icon and goods. */
  mark: string;
  copyright: string;
  sort: number;
  isClose: boolean;
  tags: readonly string[];
  links: readonly DemoLink[];
  plans: readonly DemoPlan[];
  /** The goods that fill the rounds, in rotation; the common set when absent. */
  goods?: readonly DemoGoods[];
}

export interface DemoBanner {
  title: string;
  subtitle: string;
  titleEn?: string;
  subtitleEn?: string;
  link: string;
  from: string;
  to: string;
  accent: string;
  /** Null: no start bound. Negative: started that many days ago. */
  startsInDays: number | null;
  /** Null: no end bound. Negative: already over (the API must hide it). */
  endsInDays: number | null;
}

export interface DemoNews {
  title: string;
  paragraphs: readonly string[];
  titleEn?: string;
  paragraphsEn?: readonly string[];
  /** The artist or page the news announces (shared/catalogue-link.ts). */
  link?: string;
  daysAgo: number;
  open: boolean;
}

// ---------------------------------------------------------------------------------------------
// Plans

const ATTENTION = {
  basic: '内容はお届けまでのお楽しみです。お客様のご都合による返品・交換はできません（破損・内容の誤りは交換します）。',
  light: 'グッズの種類と絵柄はお選びいただけません。お客様のご都合による返品・交換はできません（破損・内容の誤りは交換します）。',
  premium: 'プレミアムプランには限定グッズが必ず1点含まれます。内容はお届けまでのお楽しみで、お客様のご都合による返品・交換はできません（破損・内容の誤りは交換します）。',
  quarter: '3ヶ月に一度、3ヶ月分のグッズをまとめてお届けします。お客様のご都合による返品・交換はできません（破損・内容の誤りは交換します）。',
  plush: 'ぬいぐるみは一点ずつ手作業で仕上げているため、表情や大きさに個体差があります。お客様のご都合による返品・交換はできません（破損・内容の誤りは交換します）。',
} as const;

const ATTENTION_EN = {
  basic: 'What is inside stays a surprise until it arrives. Boxes cannot be returned or exchanged for personal reasons (damaged or wrong ones are exchanged).',
  light: 'Goods and designs cannot be chosen. Boxes cannot be returned or exchanged for personal reasons (damaged or wrong ones are exchanged).',
  premium: 'Every premium box holds one limited item. What is inside stays a surprise; boxes cannot be returned or exchanged for personal reasons (damaged or wrong ones are exchanged).',
  quarter: 'Once every three months, three months of goods arrive together. Boxes cannot be returned or exchanged for personal reasons (damaged or wrong ones are exchanged).',
  plush: 'Each plush is finished by hand, so faces and sizes vary a little. Boxes cannot be returned or exchanged for personal reasons (damaged or wrong ones are exchanged).',
} as const;

/** Items a tier promises, in Japanese with English. */
const ITEM = {
  badge: { ja: '缶バッジ', en: 'Can badge' },
  acrylic: { ja: 'アクリルスタンド', en: 'Acrylic stand' },
  limited: { ja: '限定グッズ', en: 'Limited item' },
  message: { ja: 'メッセージカード', en: 'Message card' },
  plush: { ja: 'ぬいぐるみ', en: 'Plush' },
  costume: { ja: 'ぬいぐるみ用コスチューム', en: 'Plush costume' },
} as const;

const LIGHT: DemoPlan = {
  name: 'ライトプラン', nameEn: 'Light plan', preTaxPrice: 3_000, period: 1, displayType: 'NORMAL',
  attention: ATTENTION.light, attentionEn: ATTENTION_EN.light,
  contents: { goodsCount: 2, guaranteed: [ITEM.badge], limitedCount: 0 },
};
const STANDARD: DemoPlan = {
  name: 'スタンダードプラン', nameEn: 'Standard plan', preTaxPrice: 5_000, period: 1, displayType: 'NORMAL',
  attention: ATTENTION.basic, attentionEn: ATTENTION_EN.basic,
  contents: { goodsCount: 3, guaranteed: [ITEM.acrylic], limitedCount: 0 },
};
const PREMIUM: DemoPlan = {
  name: 'プレミアムプラン', nameEn: 'Premium plan', preTaxPrice: 10_000, period: 1, displayType: 'SPECIAL',
  attention: ATTENTION.premium, attentionEn: ATTENTION_EN.premium,
  contents: { goodsCount: 5, guaranteed: [ITEM.acrylic, ITEM.message], limitedCount: 1 },
};
const QUARTER: DemoPlan = {
  name: '3ヶ月まとめてプラン', nameEn: 'Three-month plan', preTaxPrice: 15_000, period: 3, displayType: 'NORMAL2',
  attention: ATTENTION.quarter, attentionEn: ATTENTION_EN.quarter,
  contents: { goodsCount: 9, guaranteed: [ITEM.acrylic, ITEM.badge], limitedCount: 1 },
};

// ---------------------------------------------------------------------------------------------
// Goods

const ACRYLIC: DemoGoods = { key: 'acrylic-stand', art: 'acrylic', name: 'アクリルスタンド', description: '{name}の描き下ろしミニキャラを使った、卓上サイズのアクリルスタンドです。' };
const BADGES: DemoGoods = { key: 'can-badge', art: 'badge', name: '缶バッジ（2個セット）', description: 'ホログラム加工がきらりと光る、直径57mmの缶バッジ2個セットです。' };
const BROMIDE: DemoGoods = { key: 'bromide', art: 'card', name: 'ブロマイド（3枚セット）', description: 'このBOXだけの撮り下ろし・描き下ろしカットを収めたブロマイド3枚セットです。' };
const TAPESTRY: DemoGoods = { key: 'tapestry', art: 'tapestry', name: 'B2タペストリー', description: 'お部屋に飾れるB2サイズのタペストリー。{name}の季節のビジュアルを大きくプリントしました。' };
const MASCOT: DemoGoods = { key: 'mascot', art: 'plush', name: 'マスコットぬいぐるみ', description: '手のひらサイズのふわふわマスコット。ボールチェーン付きで、バッグにも付けられます。' };
const SECRET: DemoGoods = { key: 'secret-box', art: 'giftbox', name: 'シークレットミニBOX', description: '中身は開けてのお楽しみ。限定ステッカーと、{name}からのメッセージカードが入っています。' };
const MESSAGE: DemoGoods = { key: 'message-card', art: 'card', name: 'メッセージカード', description: '{name}の手書き風メッセージを印刷した、箔押し仕上げのカードです。' };

const COMMON_GOODS: readonly DemoGoods[] = [ACRYLIC, BADGES, BROMIDE, SECRET, TAPESTRY, MASCOT, MESSAGE];

// ---------------------------------------------------------------------------------------------
// Artists: sixteen open (two with fixed pages), four closed

export const DEMO_ARTISTS: readonly DemoArtist[] = [
  {
    slug: 'hoshino_mirai',
    name: '星野ミライ',
    subName: 'Mirai Hoshino',
    description: '星空の国からやってきた、歌とゲームが大好きなVTuber。毎晩の雑談配信では、リスナーを「ほしくず」と呼んで親しまれています。BOXにはミライの描き下ろしイラストを使ったアクリルグッズや、配信の名場面をテーマにしたオリジナルグッズが届きます。',
    descriptionEn: 'A VTuber from the land of starry skies who loves singing and games. Her nightly chat streams call the audience "stardust". Her box brings acrylic goods with newly drawn art of Mirai and original goods themed on memorable stream moments.',
    type: 'VTUBER',
    backgroundColor: '#ffe3ef',
    accentColor: '#d94c86',
    mark: 'ミ',
    copyright: '©Hoshizora Production',
    sort: 10,
    isClose: false,
    tags: ['new'],
    links: [
      { type: 'TWITTER', url: 'https://twitter.com/hoshino_mirai_demo' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@hoshino_mirai_demo' },
      { type: 'OFFICIAL', url: 'https://example.com/hoshizora/mirai' },
    ],
    plans: [LIGHT, STANDARD, PREMIUM],
  },
  {
    slug: 'amane_kururi',
    name: '天音くるり',
    subName: 'Kururi Amane',
    description: '時計塔に住む見習い天使のVTuber。のんびりした朗読配信と、ときどき本気になるFPS配信のギャップが人気です。BOXには季節ごとの衣装をテーマにしたグッズが、毎月ちがう組み合わせで入っています。',
    descriptionEn: 'An apprentice-angel VTuber who lives in a clock tower. Fans love the gap between her relaxed reading streams and the FPS streams where she suddenly gets serious. Her box brings goods themed on each season\'s outfit, in a different mix every month.',
    type: 'VTUBER',
    backgroundColor: '#e4ecff',
    accentColor: '#4f6fd6',
    mark: 'く',
    copyright: '©Hoshizora Production',
    sort: 20,
    isClose: false,
    tags: [],
    links: [
      { type: 'TWITTER', url: 'https://twitter.com/amane_kururi_demo' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@amane_kururi_demo' },
      { type: 'TWITCH', url: 'https://www.twitch.tv/amane_kururi_demo' },
    ],
    plans: [LIGHT, STANDARD, QUARTER],
  },
  {
    slug: 'kumapeko_ch',
    name: 'くまぺこチャンネル',
    subName: 'Kumapeko Channel',
    description: 'くまのぬいぐるみ「ぺこ」と一緒に、料理やお出かけの動画を届けるYouTubeチャンネル。ほっこりした編集と、手作りおやつのレシピが人気です。BOXには「ぺこ」のマスコットや、動画に登場したアイテムをモチーフにしたグッズが届きます。',
    descriptionEn: 'A YouTube channel of cooking and outings with Peko, a teddy-bear plush. Viewers love its cosy editing and home-made snack recipes. The box brings Peko mascots and goods inspired by items seen in the videos.',
    type: 'YOUTUBER',
    backgroundColor: '#fff0d6',
    accentColor: '#c8741f',
    mark: 'ぺ',
    copyright: '©Kumapeko Channel',
    sort: 30,
    isClose: false,
    tags: ['re-box'],
    links: [
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@kumapeko_demo' },
      { type: 'TWITTER', url: 'https://twitter.com/kumapeko_demo' },
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/kumapeko_demo' },
      { type: 'TIKTOK', url: 'https://www.tiktok.com/@kumapeko_demo' },
    ],
    plans: [LIGHT, STANDARD],
    goods: [MASCOT, { key: 'recipe-card', art: 'card', name: 'おやつレシピカード', description: '動画で人気だった手作りおやつのレシピを、ぺこのイラスト付きカードにしました。' }, ...COMMON_GOODS.filter((g) => g !== MASCOT)],
  },
  {
    slug: 'sakuma_hinata',
    name: '佐久間ひなた',
    subName: 'Hinata Sakuma',
    description: 'バラエティ番組やドラマで活躍中のタレント。明るい笑顔と、ロケ先で見せる食べっぷりのよさで、幅広い世代に愛されています。BOXには撮り下ろしブロマイドや、ひなたが選んだお気に入りの雑貨が入っています。',
    descriptionEn: 'A TV personality seen on variety shows and dramas, loved by all ages for her bright smile and hearty appetite on location. Her box holds newly shot photo cards and everyday goods Hinata picked herself.',
    type: 'TALENT',
    backgroundColor: '#fff5c7',
    accentColor: '#b7800a',
    mark: 'ひ',
    copyright: '©Sunflower Agency',
    sort: 40,
    isClose: false,
    tags: [],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/sunflower/hinata' },
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/sakuma_hinata_demo' },
      { type: 'TWITTER', url: 'https://twitter.com/sakuma_hinata_demo' },
    ],
    plans: [STANDARD, { ...PREMIUM, displayType: 'NORMAL2' }],
  },
  {
    slug: 'aozora_wings',
    name: '蒼空ウイングス',
    subName: 'Aozora Wings',
    description: '港町をホームタウンに戦うプロサッカークラブ。最後まで走り負けない全員守備と、スタジアムを包む青い応援が名物です。BOXには選手ブロマイドや応援グッズなど、観戦がもっと楽しくなるアイテムが届きます。',
    descriptionEn: 'A professional football club from a harbour town, known for a whole-team defence that never stops running and the blue chants that fill its stadium. The box brings player photo cards and supporter goods that make match days more fun.',
    type: 'SPORTS',
    backgroundColor: '#dff3ff',
    accentColor: '#1c6fae',
    mark: '蒼',
    copyright: '©Aozora Wings FC',
    sort: 50,
    isClose: false,
    tags: [],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/aozora-wings' },
      { type: 'TWITTER', url: 'https://twitter.com/aozora_wings_demo' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@aozora_wings_demo' },
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/aozora_wings_demo' },
    ],
    plans: [LIGHT, STANDARD, QUARTER],
    goods: [
      { key: 'towel', art: 'tapestry', name: '応援フェイスタオル', description: 'スタジアムで掲げたくなる、クラブカラーのフェイスタオルです。' },
      { key: 'player-bromide', art: 'card', name: '選手ブロマイド（3枚セット）', description: '試合前のウォーミングアップ中に撮影した、ここでしか見られないカットです。' },
      { key: 'uniform-keyholder', art: 'acrylic', name: 'ユニフォーム型キーホルダー', description: 'ホームユニフォームをかたどったアクリルキーホルダー。背番号はランダムです。' },
      BADGES,
      SECRET,
    ],
  },
  {
    slug: 'crystal_chronicle',
    name: 'クリスタル・クロニクル',
    subName: 'Crystal Chronicle',
    description: '七つの結晶をめぐって旅をする、スマートフォン向けファンタジーRPG。個性豊かな仲間たちとの掛け合いが魅力です。BOXには人気キャラクターの描き下ろしグッズや、ゲーム内アイテムをモチーフにした雑貨が入っています。',
    descriptionEn: 'A fantasy RPG for smartphones about a journey in search of seven crystals, loved for the banter between its colourful companions. The box holds newly drawn goods of popular characters and items modelled on in-game treasures.',
    type: 'GAME',
    backgroundColor: '#ece4ff',
    accentColor: '#6a4cc6',
    mark: '晶',
    copyright: '©Prism Works',
    sort: 60,
    isClose: false,
    tags: [],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/crystal-chronicle' },
      { type: 'TWITTER', url: 'https://twitter.com/crystal_chronicle_demo' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@crystal_chronicle_demo' },
    ],
    plans: [STANDARD, PREMIUM],
    goods: [{ key: 'metal-charm', art: 'badge', name: '結晶メタルチャーム', description: 'ゲーム内の「七色の結晶」を再現した、エナメル仕上げのメタルチャームです。' }, ...COMMON_GOODS],
  },
  {
    slug: 'mahou_patissiere',
    name: 'まほうパティシエール☆ルル',
    subName: 'Magical Patissiere Lulu',
    description: 'お菓子の魔法で街の人たちを笑顔にする、見習いパティシエの女の子が主人公のアニメ。毎話登場するスイーツのレシピも話題になりました。BOXにはスイーツをテーマにした描き下ろしグッズがたっぷり届きます。',
    descriptionEn: 'An anime about an apprentice pâtissière who makes her town smile with sweets magic; the recipe in every episode became a talking point. The box is full of newly drawn goods themed on sweets.',
    type: 'ANIME',
    backgroundColor: '#ffe6f5',
    accentColor: '#c94496',
    mark: 'ル',
    copyright: '©Cocoa Animation／まほうパティシエール製作委員会',
    sort: 70,
    isClose: false,
    tags: ['limited'],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/mahou-patissiere' },
      { type: 'TWITTER', url: 'https://twitter.com/mahou_lulu_demo' },
      { type: 'NICONICO', url: 'https://www.nicovideo.jp/user/00000000' },
    ],
    plans: [LIGHT, STANDARD, PREMIUM],
  },
  {
    slug: 'shiratori_kanon',
    name: '白鳥カノン',
    subName: 'Kanon Shiratori',
    description: '透明感のある歌声で、アニメ主題歌から弾き語りカバーまで歌いこなすシンガー。毎月の配信ライブには、たくさんのファンが集まります。BOXにはライブの思い出をかたちにしたグッズや、歌詞カード風のアイテムが入っています。',
    descriptionEn: 'A singer with a clear, airy voice who sings everything from anime theme songs to acoustic covers. Her monthly live streams draw many fans. The box holds goods that keep the memories of her lives and lyric-card style items.',
    type: 'SINGER',
    backgroundColor: '#e3f6f2',
    accentColor: '#23877a',
    mark: 'カ',
    copyright: '©Swan Song Records',
    sort: 80,
    isClose: false,
    tags: ['re-box'],
    links: [
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@shiratori_kanon_demo' },
      { type: 'TWITTER', url: 'https://twitter.com/shiratori_kanon_demo' },
      { type: 'OFFICIAL', url: 'https://example.com/swansong/kanon' },
    ],
    plans: [LIGHT, STANDARD],
    goods: [{ key: 'lyric-card', art: 'card', name: '歌詞カード風ポストカード', description: 'ライブで人気の曲の歌詞を、手書き風の文字でデザインしたポストカードです。' }, ...COMMON_GOODS],
  },
  {
    slug: 'kirishima_ren',
    name: '霧島レン',
    subName: 'Ren Kirishima',
    description: '落ち着いた低音ボイスで、数々のアニメやゲームに出演している声優。ラジオ番組でのゆるいトークとのギャップにも注目です。BOXにはラジオ番組のロゴ入りグッズや、撮り下ろしブロマイドが届きます。',
    descriptionEn: 'A voice actor with a calm, low voice, cast in many anime and games; his easy-going radio talk is a charming contrast. The box brings goods with his radio show\'s logo and newly shot photo cards.',
    type: 'VOICE_ACTOR',
    backgroundColor: '#e7ecf3',
    accentColor: '#3d5a86',
    mark: 'レ',
    copyright: '©Mistral Voice',
    sort: 90,
    isClose: false,
    tags: [],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/mistral/ren' },
      { type: 'TWITTER', url: 'https://twitter.com/kirishima_ren_demo' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@ren_radio_demo' },
    ],
    plans: [STANDARD, PREMIUM],
  },
  {
    slug: 'cogimyun_nuigurumi',
    name: 'こぎみゅん ぬいぐるみBOX',
    subName: 'Cogimyun Plush Box',
    description: '白くてもちもち、ちょっぴり泣き虫な「こぎみゅん」のぬいぐるみBOX。毎月ちがう衣装や表情のこぎみゅんが、ふわふわの手ざわりで届きます。並べて飾るほどにぎやかになる、コレクション向けのBOXです。',
    descriptionEn: 'A plush box of Cogimyun, white, squishy and a little bit of a crybaby. Every month Cogimyun arrives soft and fluffy in a new outfit and expression. A box for collectors: the more you line up, the livelier the shelf.',
    type: 'CHARACTER',
    backgroundColor: '#fff3e8',
    accentColor: '#d9707f',
    mark: 'こ',
    copyright: '©OshiBox',
    sort: 100,
    isClose: false,
    tags: ['new'],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/oshibox/cogimyun' },
      { type: 'TWITTER', url: 'https://twitter.com/oshibox_demo' },
      { type: 'LINE', url: 'https://line.me/R/ti/p/@oshibox_demo' },
    ],
    plans: [
      {
        name: 'ぬいぐるみプラン', nameEn: 'Plush plan', preTaxPrice: 5_000, period: 1, displayType: 'SPECIAL',
        attention: ATTENTION.plush, attentionEn: ATTENTION_EN.plush,
        contents: { goodsCount: 2, guaranteed: [ITEM.plush], limitedCount: 0 },
      },
      {
        name: 'ぬいぐるみ＋コスチュームプラン', nameEn: 'Plush and costume plan', preTaxPrice: 8_000, period: 1, displayType: 'NORMAL',
        attention: ATTENTION.plush, attentionEn: ATTENTION_EN.plush,
        contents: { goodsCount: 3, guaranteed: [ITEM.plush, ITEM.costume], limitedCount: 1 },
      },
    ],
    goods: [
      { key: 'plush-s', art: 'plush', name: 'こぎみゅん ぬいぐるみ（Sサイズ）', description: '両手にすっぽり収まる、高さ約15cmのぬいぐるみです。' },
      { key: 'costume', art: 'giftbox', name: 'ぬいぐるみ用コスチューム', description: 'Sサイズのぬいぐるみに着せられる、季節の衣装です。' },
      { key: 'mascot', art: 'plush', name: 'もちもちマスコット', description: 'ボールチェーン付きの小さなマスコット。表情は毎月変わります。' },
      { key: 'badge', art: 'badge', name: 'こぎみゅん 缶バッジ', description: '泣き顔・笑い顔など、表情ちがいの缶バッジです。' },
    ],
  },
  {
    slug: 'daruma_nuigurumi',
    name: 'だるま ぬいぐるみBOX',
    subName: 'Daruma Plush Box',
    description: '縁起もののだるまを、ころんと丸いぬいぐるみにしました。毎月ちがう色や柄のだるまが届き、願いごとに合わせて目を入れる楽しみもあります。受験や新生活の応援ギフトにもおすすめです。',
    descriptionEn: 'The lucky daruma as a round, cuddly plush. A daruma in a new colour and pattern arrives every month, and you can paint in its eyes as you make a wish. A good cheer-up gift for exams or a new start.',
    type: 'CHARACTER',
    backgroundColor: '#ffe9e4',
    accentColor: '#cc3b33',
    mark: '福',
    copyright: '©OshiBox',
    sort: 110,
    isClose: false,
    tags: ['limited'],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/oshibox/daruma' },
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/oshibox_demo' },
    ],
    plans: [{
      name: 'だるまプラン', nameEn: 'Daruma plan', preTaxPrice: 5_000, period: 1, displayType: 'SPECIAL',
      attention: ATTENTION.plush, attentionEn: ATTENTION_EN.plush,
      contents: { goodsCount: 2, guaranteed: [{ ja: 'だるま ぬいぐるみ', en: 'Daruma plush' }], limitedCount: 0 },
    }],
    goods: [
      { key: 'daruma-plush', art: 'daruma', name: 'だるま ぬいぐるみ', description: '高さ約18cm。片目が刺しゅうされていない、願かけ用のぬいぐるみです。' },
      { key: 'daruma-mini', art: 'daruma', name: 'ミニだるま マスコット', description: '毎月ちがう色で届く、手のひらサイズのだるまマスコットです。' },
      { key: 'eye-patch', art: 'giftbox', name: '目入れワッペンセット', description: '願いがかなったら貼れる、目の形のアイロンワッペンです。' },
      { key: 'omikuji', art: 'card', name: 'おみくじカード', description: 'だるまのイラスト入り。今月の運勢を占えます。' },
    ],
  },
  {
    slug: 'yumemi_nemu',
    name: '夢見ねむ',
    subName: 'Nemu Yumemi',
    description: '寝落ち配信でおなじみの、ゆるふわライバー。夜ふかしリスナーとのおしゃべりと、ときどき披露する子守歌が人気です。BOXには、おやすみ前の時間が楽しくなるグッズが届きます。',
    descriptionEn: 'A soft and dreamy live streamer known for falling asleep on stream. Fans love her late-night chats with night-owl listeners and the lullabies she sometimes sings. The box brings goods that make the time before bed more fun.',
    type: 'LIVER',
    backgroundColor: '#efe6ff',
    accentColor: '#7e56c4',
    mark: 'ね',
    copyright: '©Pastel Live',
    sort: 120,
    isClose: false,
    tags: ['new'],
    links: [
      { type: 'TWITTER', url: 'https://twitter.com/yumemi_nemu_demo' },
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/yumemi_nemu_demo' },
      { type: 'TIKTOK', url: 'https://www.tiktok.com/@yumemi_nemu_demo' },
    ],
    plans: [LIGHT, STANDARD],
  },
  {
    slug: 'yozora_pen',
    name: 'よぞらペン',
    subName: 'Yozora Pen',
    description: '夜空と女の子をテーマに、きらめく色づかいのイラストを描くイラストレーター。画集やCDジャケットのイラストでも知られています。BOXには描き下ろしイラストを使ったポストカードやアクリルアートが入っています。',
    descriptionEn: 'An illustrator of girls and night skies in sparkling colours, also known for art books and CD covers. The box holds postcards and acrylic art with newly drawn illustrations.',
    type: 'ILLUSTRATOR',
    backgroundColor: '#e1eeff',
    accentColor: '#3966ad',
    mark: 'ペ',
    copyright: '©Yozora Pen',
    sort: 130,
    isClose: false,
    tags: [],
    links: [
      { type: 'TWITTER', url: 'https://twitter.com/yozora_pen_demo' },
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/yozora_pen_demo' },
      { type: 'PIXIV', url: 'https://example.com/pixiv/yozora_pen' },
    ],
    plans: [LIGHT, STANDARD, PREMIUM],
    goods: [{ key: 'postcard', art: 'card', name: 'ポストカード（5枚セット）', description: '描き下ろし1枚を含む、夜空シリーズのポストカード5枚セットです。' }, ...COMMON_GOODS],
  },
  {
    slug: 'natsumatsuri_fes',
    name: 'OshiBox 夏まつりフェス',
    subName: 'OshiBox Summer Festival',
    description: '人気クリエイターが集まる、OshiBox主催のオンラインお祭りイベント。屋台やステージをイメージした企画配信を毎月開催しています。BOXには出演者のコラボグッズがランダムで届きます。',
    descriptionEn: 'An online festival hosted by OshiBox where popular creators gather, with streams modelled on festival stalls and stages every month. The box brings collaboration goods of the performers, picked at random.',
    type: 'EVENT',
    backgroundColor: '#fff0dc',
    accentColor: '#d8602a',
    mark: '祭',
    copyright: '©OshiBox Festival Committee',
    sort: 140,
    isClose: false,
    tags: ['limited'],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/oshibox/fes' },
      { type: 'TWITTER', url: 'https://twitter.com/oshibox_fes_demo' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@oshibox_fes_demo' },
    ],
    plans: [LIGHT, { ...STANDARD, displayType: 'NORMAL2' }],
  },
  {
    slug: 'mochimochi_biyori',
    name: 'もちもち日和',
    subName: 'Mochimochi Biyori',
    description: '和菓子屋の看板猫と店主の毎日をえがく、ほのぼの日常コミック。ウェブ連載から単行本になり、たくさんの読者に親しまれています。BOXには作中の和菓子をモチーフにしたグッズや、描き下ろしミニ漫画が入っています。',
    descriptionEn: 'A gentle slice-of-life comic about a sweets shop\'s cat and its owner, a web series turned book that many readers love. The box holds goods modelled on the wagashi in the story and newly drawn mini comics.',
    type: 'COMICS',
    backgroundColor: '#eef6df',
    accentColor: '#5f8c32',
    mark: 'も',
    copyright: '©Wakaba Comics',
    sort: 150,
    isClose: false,
    tags: [],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/wakaba/mochimochi' },
      { type: 'TWITTER', url: 'https://twitter.com/mochimochi_demo' },
    ],
    plans: [LIGHT, STANDARD, QUARTER],
    goods: [{ key: 'mini-comic', art: 'card', name: '描き下ろしミニ漫画', description: 'BOXのためだけに描き下ろされた、4ページのミニ漫画です。' }, ...COMMON_GOODS],
  },
  {
    slug: 'honey_lemon',
    name: 'ハニー&レモン',
    subName: 'Honey & Lemon',
    description: 'テンポのいい掛け合いで人気上昇中のお笑いコンビ。劇場のネタからYouTubeのゆるい企画まで、見ているだけで元気になれます。BOXには二人のツッコミ名言をあしらったグッズが届きます。',
    descriptionEn: 'A comedy duo on the rise, known for their quick-fire back-and-forth. From their stage routines to relaxed YouTube videos, they cheer you up just by watching. The box brings goods printed with the duo\'s best comebacks.',
    type: 'ENTERTAINER',
    backgroundColor: '#fff7d6',
    accentColor: '#b88a00',
    mark: 'H&L',
    copyright: '©Smile Factory',
    sort: 160,
    isClose: false,
    tags: [],
    links: [
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@honey_lemon_demo' },
      { type: 'TWITTER', url: 'https://twitter.com/honey_lemon_demo' },
      { type: 'INSTAGRAM', url: 'https://www.instagram.com/honey_lemon_demo' },
    ],
    plans: [LIGHT, STANDARD],
  },
  // Closed: applications have ended, only past rounds remain.
  {
    slug: 'soratobu_neko',
    name: 'そらとぶネコ団',
    subName: 'Soratobu Neko-dan',
    description: '三匹の保護猫と暮らす日々を届けていたYouTubeチャンネル。BOXの受付は終了しましたが、これまでのBOXの一部はRe-boxとして再販することがあります。届いたグッズには、猫たちのイラストがたくさん描かれていました。',
    descriptionEn: 'A YouTube channel about life with three rescued cats. Orders for this box have ended, but some earlier boxes may come back as Re-box. The goods that arrived were covered in drawings of the cats.',
    type: 'YOUTUBER',
    backgroundColor: '#e5f4ff',
    accentColor: '#2f7fc0',
    mark: '猫',
    copyright: '©Soratobu Neko-dan',
    sort: 170,
    isClose: true,
    tags: ['re-box'],
    links: [
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@soratobu_neko_demo' },
      { type: 'TWITTER', url: 'https://twitter.com/soratobu_neko_demo' },
    ],
    plans: [LIGHT, STANDARD],
  },
  {
    slug: 'tsukishiro_luna',
    name: '月城ルナ',
    subName: 'Luna Tsukishiro',
    description: '月の図書館で司書をしていたVTuber。活動の区切りにあわせて、BOXの受付を終了しました。これまでのBOXでは、物語風のカードやしおり型のグッズが届いていました。',
    descriptionEn: 'A VTuber who was a librarian in a library on the moon. Orders for her box ended as her activities came to a pause. Her boxes brought story-style cards and bookmark-shaped goods.',
    type: 'VTUBER',
    backgroundColor: '#ece8f7',
    accentColor: '#584a98',
    mark: '月',
    copyright: '©Hoshizora Production',
    sort: 180,
    isClose: true,
    tags: [],
    links: [
      { type: 'TWITTER', url: 'https://twitter.com/tsukishiro_luna_demo' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@tsukishiro_luna_demo' },
      { type: 'NICONICO', url: 'https://www.nicovideo.jp/user/00000001' },
    ],
    plans: [STANDARD, PREMIUM],
  },
  {
    slug: 'midnight_soda',
    name: 'ミッドナイトソーダ',
    subName: 'Midnight Soda',
    description: 'シティポップを軸にした3人組バンド。全国ツアーの準備にあわせて、BOXの受付を終了しました。BOXにはツアーグッズの先行版や、メンバー手書きの歌詞カードなどが入っていました。',
    descriptionEn: 'A three-piece band rooted in city pop. Orders for their box ended as they prepare a nationwide tour. Their boxes held early versions of tour goods and lyric cards handwritten by the members.',
    type: 'ARTIST',
    backgroundColor: '#def6f9',
    accentColor: '#17839a',
    mark: 'MS',
    copyright: '©Midnight Soda',
    sort: 190,
    isClose: true,
    tags: [],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/midnight-soda' },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@midnight_soda_demo' },
      { type: 'FACEBOOK', url: 'https://www.facebook.com/midnight.soda.demo' },
    ],
    plans: [LIGHT, STANDARD],
  },
  {
    slug: 'starlight_arena',
    name: 'スターライト・アリーナ',
    subName: 'Starlight Arena',
    description: 'アイドルたちがステージで競い合うリズムゲーム。サービス終了にともない、BOXの受付を終了しました。BOXにはステージ衣装をモチーフにしたグッズが届いていました。',
    descriptionEn: 'A rhythm game where idols compete on stage. Orders for this box ended as the game\'s service closed. The box brought goods modelled on the stage costumes.',
    type: 'GAME',
    backgroundColor: '#fff0e6',
    accentColor: '#c8572f',
    mark: 'ス',
    copyright: '©Prism Works',
    sort: 200,
    isClose: true,
    tags: [],
    links: [
      { type: 'OFFICIAL', url: 'https://example.com/starlight-arena' },
      { type: 'TWITTER', url: 'https://twitter.com/starlight_arena_demo' },
    ],
    plans: [STANDARD, QUARTER],
  },
];

export function goodsPool(artist: DemoArtist): readonly DemoGoods[] {
  return artist.goods ?? COMMON_GOODS;
}

// ---------------------------------------------------------------------------------------------
// Banners: four showing, one already over

export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    title: '新プラン登場！',
    subtitle: '星野ミライ「プレミアムプラン」受付スタート',
    titleEn: 'New plan!',
    subtitleEn: 'Mirai Hoshino\'s Premium plan is open for orders',
    link: '/lineup/hoshino_mirai',
    from: '#ffd6e7', to: '#ffb3cf', accent: '#d94c86',
    startsInDays: -7, endsInDays: null,
  },
  {
    title: 'Re-box 受付中',
    subtitle: '好評だったあのBOXを、もう一度お届けします',
    titleEn: 'Re-box now open',
    subtitleEn: 'Popular boxes, delivered once more',
    link: '/category/re-box',
    from: '#d9f3ee', to: '#a9e2d6', accent: '#23877a',
    startsInDays: null, endsInDays: null,
  },
  {
    title: 'はじめてBOXキャンペーン',
    subtitle: '初回お届けにオリジナルステッカーをプレゼント',
    titleEn: 'First Box campaign',
    subtitleEn: 'An original sticker free with your first box',
    link: '/lineup',
    from: '#fff2c2', to: '#ffd98a', accent: '#c8741f',
    startsInDays: -10, endsInDays: 20,
  },
  {
    title: 'OshiBoxの楽しみかた',
    subtitle: 'お申し込みからお届けまでをご紹介します',
    titleEn: 'How OshiBox works',
    subtitleEn: 'From your order to your doorstep',
    link: '/howto',
    from: '#e3e9ff', to: '#c4d0ff', accent: '#4f6fd6',
    startsInDays: null, endsInDays: null,
  },
  {
    title: '夏まつりフェス 前夜祭BOX',
    subtitle: '前夜祭BOXの受付は終了しました',
    titleEn: 'Summer Festival Eve box',
    subtitleEn: 'Orders for the Eve box have ended',
    link: '/lineup/natsumatsuri_fes',
    from: '#ffe5cc', to: '#ffc29a', accent: '#d8602a',
    startsInDays: -60, endsInDays: -30,
  },
];

// ---------------------------------------------------------------------------------------------
// News: eight published over the last two months, one draft

export const DEMO_NEWS: readonly DemoNews[] = [
  {
    title: '「星野ミライ」プレミアムプランの受付を開始しました',
    titleEn: 'Mirai Hoshino\'s Premium plan is open for orders',
    paragraphsEn: [
      'Thank you for using OshiBox.',
      'From today Mirai Hoshino\'s box has a Premium plan, with one limited item in every box.',
      'What is inside stays a surprise until it arrives. Quantities are limited, so order early.',
    ],
    link: '/lineup/hoshino_mirai',
    paragraphs: [
      'いつもOshiBoxをご利用いただきありがとうございます。',
      '本日より「星野ミライ」のBOXに、限定グッズが必ず1点入る「プレミアムプラン」が登場しました。',
      '内容はお届けまでのお楽しみです。数量に限りがありますので、お早めにお申し込みください。',
    ],
    daysAgo: 2,
    open: true,
  },
  {
    title: '今月お届け分の発送スケジュールについて',
    titleEn: 'This month\'s shipping schedule',
    paragraphsEn: [
      'This month\'s boxes ship in turn from each plan\'s delivery date.',
      'Once your box has shipped, we send a shipping mail to your registered address.',
      'Depending on the carrier, delivery to some areas may take a few days. Thank you for your understanding.',
    ],
    paragraphs: [
      '今月お届け分のBOXは、各プランのお届け予定日から順次発送いたします。',
      '発送が完了しましたら、ご登録のメールアドレスへ発送完了メールをお送りします。',
      '配送状況により、地域によってはお届けまで数日かかる場合がございます。あらかじめご了承ください。',
    ],
    daysAgo: 6,
    open: true,
  },
  {
    title: '年末年始のお問い合わせ対応について',
    titleEn: 'Customer support over the New Year holidays',
    paragraphsEn: [
      'Our support desk is closed from December 28 to January 4.',
      'Messages received during that time are answered in turn from January 5.',
      'You can still order boxes as usual throughout the holidays.',
    ],
    paragraphs: [
      '誠に勝手ながら、12月28日から1月4日までの期間は、お問い合わせへの対応をお休みさせていただきます。',
      '期間中にいただいたお問い合わせには、1月5日以降に順次ご返信いたします。',
      'なお、BOXのお申し込みは期間中も通常どおりご利用いただけます。',
    ],
    daysAgo: 11,
    open: true,
  },
  {
    title: 'システムメンテナンスのお知らせ',
    titleEn: 'Scheduled system maintenance',
    paragraphsEn: [
      'We are carrying out system maintenance to improve the service.',
      'During the maintenance no part of the shop is available, including orders and My page.',
      'It is planned from 2:00 to 5:00 at night (Japan time); the end may move depending on the work.',
      'We are sorry for the inconvenience and thank you for your patience.',
    ],
    paragraphs: [
      'サービス品質向上のため、システムメンテナンスを実施いたします。',
      'メンテナンス中は、BOXのお申し込みやマイページなど、すべての機能がご利用いただけません。',
      '実施時間は深夜2:00〜5:00を予定しております。作業の状況により、終了時間が前後する場合がございます。',
      'ご不便をおかけしますが、ご理解とご協力をお願いいたします。',
    ],
    daysAgo: 17,
    open: true,
  },
  {
    title: '「夢見ねむ」BOXの取り扱いを開始しました',
    titleEn: 'Nemu Yumemi\'s box is here',
    paragraphsEn: [
      'The box of Nemu Yumemi, the live streamer known for falling asleep on stream, is now on OshiBox.',
      'Choose from two plans: Light and Standard.',
      'Every month it brings goods that make the time before bed more fun.',
    ],
    link: '/lineup/yumemi_nemu',
    paragraphs: [
      '寝落ち配信でおなじみのライバー「夢見ねむ」のBOXが、OshiBoxに登場しました。',
      'ライトプランとスタンダードプランの2つからお選びいただけます。',
      'おやすみ前の時間が楽しくなるグッズを、毎月お届けします。',
    ],
    daysAgo: 25,
    open: true,
  },
  {
    title: 'Re-boxカテゴリを新設しました',
    titleEn: 'Introducing the Re-box category',
    paragraphsEn: [
      'You asked for them again, so we opened Re-box: popular boxes from the past, on sale once more.',
      'A Re-box holds the same goods as the original box. Orders are open only for a short time, so check the boxes you like early.',
    ],
    link: '/category/re-box',
    paragraphs: [
      '「もう一度ほしい」というお声にお応えして、過去に好評だったBOXを再販する「Re-box」カテゴリを新設しました。',
      'Re-boxの内容は、当時お届けしたBOXと同じです。受付期間が短いため、気になるBOXはお早めにチェックしてください。',
    ],
    daysAgo: 33,
    open: true,
  },
  {
    title: 'お支払い方法に「後払い」を追加しました',
    titleEn: 'Pay later is now available',
    paragraphsEn: [
      'You can now choose pay later: pay after your box has arrived.',
      'Pay later has a fee. See the guide for details.',
      'You can change your payment method at any time under Payment method on My page.',
    ],
    paragraphs: [
      'お支払い方法に、商品到着後にお支払いいただける「後払い」を追加しました。',
      '後払いをご利用の場合、別途手数料がかかります。詳しくは「ご利用ガイド」をご覧ください。',
      'お支払い方法は、マイページの「お支払い方法」からいつでも変更できます。',
    ],
    daysAgo: 44,
    open: true,
  },
  {
    title: '「こぎみゅん ぬいぐるみBOX」登場のお知らせ',
    titleEn: 'Introducing the Cogimyun Plush Box',
    paragraphsEn: [
      'A new box brings a squishy Cogimyun plush in a different outfit every month.',
      'There is also the Plush and costume plan, with a change of clothes in every box.',
      'Each plush is finished by hand, so every face is a little different: enjoy one that is yours alone.',
    ],
    link: '/lineup/cogimyun_nuigurumi',
    paragraphs: [
      'もちもちの「こぎみゅん」のぬいぐるみが、毎月ちがう衣装で届くBOXが登場しました。',
      '着せ替え用の衣装もいっしょに届く「ぬいぐるみ＋コスチュームプラン」もご用意しています。',
      'ぬいぐるみは一点ずつ手作業で仕上げているため、表情に個体差があります。世界にひとつの表情をお楽しみください。',
    ],
    daysAgo: 58,
    open: true,
  },
  {
    title: '【下書き】春の新プランのお知らせ',
    titleEn: '[Draft] New plans this spring',
    paragraphsEn: [
      'News of new plans starting this spring.',
      'The boxes and the date orders open will be posted once they are decided.',
    ],
    paragraphs: [
      '春から始まる新しいプランのお知らせです。',
      '対象のBOXと受付開始日は、決まりしだい掲載します。',
    ],
    daysAgo: 0,
    open: false,
  },
];
