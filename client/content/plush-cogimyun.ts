import type { SpecialCopy } from '../components/special-product.tsx';

/** The words of the こぎみゅん plush page (routes/special-plush.tsx); its plans come from the API. */
export const COGIMYUN_COPY: SpecialCopy = {
  theme: 'cogimyun',
  eyebrow: { ja: 'OshiBox オリジナル ぬいぐるみBOX', en: 'An OshiBox original plush box' },
  catchcopy: { ja: 'もちもち、ふわふわ。毎月ちがう「こぎみゅん」がやってくる。', en: 'Soft, squishy, and a different Cogimyun every month.' },
  lead: {
    ja: 'ちょっぴり泣き虫なこぎみゅんが、季節の衣装や表情で毎月お届け。並べるほどににぎやかになる、コレクションのためのBOXです。',
    en: 'A slightly teary Cogimyun arrives each month in a new outfit and mood. The more you line up, the livelier your shelf.',
  },
  metaDescription: {
    ja: '白くてもちもちの「こぎみゅん」のぬいぐるみが、毎月ちがう衣装や表情で届くOshiBoxオリジナルのぬいぐるみBOX。プランと受付スケジュールはこちら。',
    en: 'An OshiBox original: a soft white Cogimyun plush in a new outfit every month. Plans and schedule here.',
  },
  teaser: {
    title: { ja: 'BOXの中身は…ひみつ！', en: 'What is inside? A secret!' },
    body: {
      ja: 'どんな衣装で、どんな表情のこぎみゅんが入っているかは、届いてからのお楽しみ。ヒントを少しだけ…',
      en: 'Which outfit and which face? You will see when it arrives. A few hints…',
    },
    hints: [
      { ja: '季節をイメージした、その月だけの衣装', en: 'An outfit for the season, for that month only' },
      { ja: '泣き顔・笑い顔…表情は毎月ランダム', en: 'Crying, smiling… the face changes at random' },
      { ja: 'ときどき小さなおまけが入っていることも', en: 'Now and then, a small extra' },
    ],
  },
  points: [
    {
      title: { ja: '両手にすっぽり、約15cm', en: 'Fits in two hands: about 15 cm' },
      body: { ja: 'デスクや棚にちょこんと座らせやすい、高さ約15cmのSサイズです。', en: 'A small size, about 15 cm tall, that sits nicely on a desk or shelf.' },
    },
    {
      title: { ja: 'もちもちの手ざわり', en: 'Squishy to the touch' },
      body: { ja: '毛足の短いなめらかなボア生地に、弾力のある綿をたっぷり詰めました。', en: 'Smooth short-pile fabric, generously filled with springy stuffing.' },
    },
    {
      title: { ja: 'ひとつずつ手仕上げ', en: 'Finished by hand' },
      body: { ja: '目元の刺しゅうは一点ずつ仕上げています。世界にひとつの表情をお楽しみください。', en: 'The eyes are embroidered one by one, so every face is one of a kind.' },
    },
    {
      title: { ja: '着せ替えもできる', en: 'Dress it up' },
      body: { ja: '＋コスチュームプランなら、ぬいぐるみに着せられる衣装もいっしょに届きます。', en: 'With the costume plan, a wearable outfit for the plush comes too.' },
    },
  ],
  faq: [
    {
      q: { ja: '中身は選べますか？', en: 'Can I choose what is inside?' },
      a: { ja: '衣装や表情はお選びいただけません。届くまでのお楽しみです。', en: 'No: outfits and faces are a surprise until the box arrives.' },
    },
    {
      q: { ja: 'いつ届きますか？', en: 'When will it arrive?' },
      a: { ja: '各プランに記載の発送予定日から順次発送します。発送時にメールでお知らせします。', en: 'Boxes ship from the date shown on each plan; we e-mail you when yours ships.' },
    },
    {
      q: { ja: 'お手入れ方法は？', en: 'How do I care for it?' },
      a: { ja: '洗濯機は使わず、やさしく手洗いするか、表面を固く絞った布でふいてください。', en: 'Do not machine-wash; hand-wash gently or wipe with a well-wrung cloth.' },
    },
    {
      q: { ja: '小さな子どもにも渡せますか？', en: 'Is it suitable for small children?' },
      a: { ja: '小さな部品を含むため、3歳未満のお子さまには与えないでください。', en: 'It has small parts; not for children under 3.' },
    },
  ],
};
