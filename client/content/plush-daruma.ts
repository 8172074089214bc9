import type { SpecialCopy } from '../components/special-product.tsx';

/** The words of the だるま plush page (routes/special-plush.tsx); its plans come from the API. */
export const DARUMA_COPY: SpecialCopy = {
  theme: 'daruma',
  eyebrow: { ja: 'OshiBox オリジナル ぬいぐるみBOX', en: 'An OshiBox original plush box' },
  catchcopy: { ja: 'ころんと丸い、願いをこめるだるま。', en: 'A round little daruma to hold your wishes.' },
  lead: {
    ja: '縁起もののだるまが、ふかふかのぬいぐるみになりました。毎月ちがう色や柄で届き、願いごとに合わせて目を入れる楽しみもあります。',
    en: 'The lucky daruma, as a soft plush. A new colour and pattern every month, with an eye to fill in when your wish comes true.',
  },
  metaDescription: {
    ja: '縁起もののだるまを、ころんと丸いぬいぐるみに。毎月ちがう色や柄のだるまが届くOshiBoxオリジナルのぬいぐるみBOX。受験や新生活の応援ギフトにも。',
    en: 'An OshiBox original: a round daruma plush in a new colour every month. A good-luck gift for exams and new starts.',
  },
  teaser: {
    title: { ja: '今月は何色？ 中身はひみつ！', en: 'Which colour this month? A secret!' },
    body: {
      ja: '赤、白、金…どんな色と柄のだるまが届くかは、箱を開けるまでわかりません。ヒントを少しだけ…',
      en: 'Red, white, gold… you will not know the colour until you open the box. A few hints…',
    },
    hints: [
      { ja: '願かけ用に、片目があいたままのぬいぐるみ', en: 'A plush with one eye left open for your wish' },
      { ja: '季節ごとに変わる、おめでたい柄', en: 'A lucky pattern that changes with the season' },
      { ja: '今月の運勢がわかる、ちいさな紙もの', en: 'A little paper fortune for the month' },
    ],
  },
  points: [
    {
      title: { ja: 'ころんと約18cm', en: 'Round, about 18 cm' },
      body: { ja: '抱えやすい高さ約18cm。丸いフォルムで、どこに置いてもかわいく座ります。', en: 'About 18 cm tall and easy to hug; the round shape sits sweetly anywhere.' },
    },
    {
      title: { ja: 'ふかふか素材', en: 'Soft and plump' },
      body: { ja: 'やわらかな起毛生地に、ふんわり綿をたっぷり。底はすわりがよいように仕上げています。', en: 'Soft brushed fabric full of fluffy stuffing, with a steady base.' },
    },
    {
      title: { ja: '目入れワッペンつき', en: 'An eye patch included' },
      body: { ja: '願いがかなったら、付属のワッペンで目を入れてあげてください。', en: 'When your wish comes true, give it its second eye with the iron-on patch.' },
    },
    {
      title: { ja: '応援ギフトにも', en: 'A gift of encouragement' },
      body: { ja: '受験や就職、新生活のお守りがわりに。大切な人への贈りものにもおすすめです。', en: 'A charm for exams, new jobs and new starts, and a kind gift for someone dear.' },
    },
  ],
  faq: [
    {
      q: { ja: '色や柄は選べますか？', en: 'Can I choose the colour?' },
      a: { ja: '色や柄はお選びいただけません。届くまでのお楽しみです。', en: 'No: the colour and pattern are a surprise until the box arrives.' },
    },
    {
      q: { ja: 'いつ届きますか？', en: 'When will it arrive?' },
      a: { ja: 'プランに記載の発送予定日から順次発送します。発送時にメールでお知らせします。', en: 'Boxes ship from the date shown on the plan; we e-mail you when yours ships.' },
    },
    {
      q: { ja: 'ワッペンはアイロンが必要ですか？', en: 'Does the patch need an iron?' },
      a: { ja: 'はい。当て布をして、低温のアイロンで数秒押さえてください。', en: 'Yes: press for a few seconds with a low-heat iron through a cloth.' },
    },
    {
      q: { ja: '小さな子どもにも渡せますか？', en: 'Is it suitable for small children?' },
      a: { ja: '小さな部品を含むため、3歳未満のお子さまには与えないでください。', en: 'It has small parts; not for children under 3.' },
    },
  ],
};
