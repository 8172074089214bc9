import type { PublicConfig } from '../../shared/config.ts';
import type { NumberedPart } from './numbering.ts';
import { DEFECT_REPORT_PERIOD } from './shop-facts.ts';
import { clauses } from './types.ts';

/** The terms' second half: returns, conduct, rights, liability and the governing law. */
export function conductArticles({ brandName }: PublicConfig): NumberedPart[] {
  return [
    {
      id: 'returns',
      title: { ja: '返品・交換', en: 'Returns and exchanges' },
      blocks: clauses([
        { text: { ja: '商品は内容を事前に公開しない性質のものであるため、会員の都合による返品・交換（内容がイメージと異なる、重複した等を含みます）はお受けできません。', en: 'Because the contents of the Goods are not disclosed in advance, returns and exchanges for the Member’s own reasons (including contents not to their taste or duplicates) are not accepted.' } },
        { text: { ja: `初期不良、配送中の破損または内容の誤りがあった場合、会員は${DEFECT_REPORT_PERIOD.ja}に当社に連絡するものとし、当社は当社の負担で交換または返金を行います。交換品をご用意できない場合は返金により対応します。`, en: `If Goods are defective, damaged in transit or wrong, the Member must inform us ${DEFECT_REPORT_PERIOD.en}, and we will replace them or refund at our cost. Where no replacement is available, we refund.` } },
        { text: { ja: '通信販売のため、クーリング・オフ制度は適用されません。', en: 'As a mail-order sale, the cooling-off system does not apply.' } },
      ]),
    },
    {
      id: 'prohibited',
      title: { ja: '禁止事項', en: 'Prohibited conduct' },
      blocks: clauses([{
        text: { ja: '会員は、本サービスの利用にあたり、次の行為をしてはなりません。', en: 'When using the Service, Members must not:' },
        items: [
          { ja: '商品を営利目的で転売し、または転売を目的として申し込む行為（オークション・フリマアプリ等への出品を含みます）', en: 'resell Goods for profit or apply in order to resell them (including listing them on auction or flea-market apps);' },
          { ja: '虚偽の情報を登録する行為、または他人になりすます行為', en: 'register false information or impersonate another person;' },
          { ja: '同一人物が複数のアカウントを登録し、数量に限りのある商品を不当に取得する行為', en: 'hold several accounts to obtain limited Goods unfairly;' },
          { ja: '支払う意思や能力がないにもかかわらず申し込む行為、クレジットカードを不正に利用する行為', en: 'apply without the will or means to pay, or misuse a credit card;' },
          { ja: '当社、アーティスト、権利者その他の第三者の知的財産権、肖像権、プライバシーその他の権利を侵害する行為', en: 'infringe the intellectual property, publicity, privacy or other rights of us, the artists, rights holders or others;' },
          { ja: 'アーティストや当社、他の会員を誹謗中傷し、またはその名誉・信用を傷つける行為', en: 'defame the artists, us or other Members, or damage their reputation or credit;' },
          { ja: '本サービスのサーバーやネットワークに過度な負荷をかける行為、不正アクセス、自動化された手段による大量の申込み', en: 'overload the Service’s servers or network, gain unauthorised access, or apply in bulk by automated means;' },
          { ja: '法令または公序良俗に違反する行為、およびこれらを助長する行為', en: 'break the law or public order and morals, or encourage others to;' },
          { ja: 'その他、当社が不適切と合理的に判断する行為', en: 'do anything else we reasonably consider inappropriate.' },
        ],
      }]),
    },
    {
      id: 'intellectual-property',
      title: { ja: '知的財産権', en: 'Intellectual property' },
      blocks: clauses([
        { text: { ja: '本サービスおよび商品に関する著作権、商標権、肖像権その他の権利は、当社、アーティストまたは正当な権利者に帰属します。', en: 'Copyright, trademarks, publicity rights and other rights in the Service and the Goods belong to us, the artists or their rightful holders.' } },
        { text: { ja: '会員は、私的使用の範囲を超えて、本サービス上のコンテンツや商品のデザイン・画像を複製、改変、公衆送信、頒布してはなりません。', en: 'Members must not copy, alter, transmit to the public or distribute content of the Service or the designs and images of the Goods beyond private use.' } },
      ]),
    },
    {
      id: 'suspension',
      title: { ja: '利用停止・登録抹消', en: 'Suspension and removal' },
      blocks: clauses([
        { text: { ja: '当社は、会員が本規約に違反した場合、または支払いの遅滞が続いた場合、事前の通知なく、本サービスの利用停止、利用契約の解除または会員登録の抹消を行うことがあります。', en: 'If a Member breaches these Terms or keeps failing to pay, we may, without notice, suspend their use, terminate the Contract or remove their registration.' } },
        { text: { ja: '会員は、マイページから退会できます。利用中のプランがある場合は、先に解約の手続きを行うものとします。', en: 'Members may close their account in My page, after cancelling any active Plan.' } },
      ]),
    },
    {
      id: 'service-changes',
      title: { ja: 'サービスの変更・中断・終了', en: 'Changes, interruption and end of the Service' },
      blocks: clauses([
        { text: { ja: '当社は、システムの保守、障害、天災その他やむを得ない事由がある場合、本サービスの全部または一部を一時的に中断することがあります。', en: 'We may interrupt all or part of the Service for maintenance, failures, natural disasters or other unavoidable reasons.' } },
        { text: { ja: '当社は、権利者との契約の終了その他の事由により、特定のアーティストのプランの受付を終了することがあります。この場合、当社は相当の期間をおいて本サービス上でお知らせし、すでに代金を受領した受付回の商品はお届けするか、代金を返金します。', en: 'We may stop offering an artist’s Plans, for example when a rights agreement ends. We will announce it on the Service in reasonable time, and for Rounds already paid for we will either deliver the Goods or refund.' } },
      ]),
    },
    {
      id: 'disclaimer',
      title: { ja: '免責', en: 'Disclaimer' },
      blocks: clauses([
        { text: { ja: '当社は、商品の内容が会員の期待や好みに合致することを保証しません。', en: 'We do not guarantee that the contents of the Goods will meet a Member’s expectations or taste.' } },
        { text: { ja: '当社は、本サービスに関して会員に生じた損害について、当社の故意または過失による場合を除き、責任を負いません。', en: 'We are not liable for damage suffered by Members in connection with the Service unless caused by our intent or negligence.' } },
        { text: { ja: '当社が責任を負う場合でも、当社の故意または重大な過失による場合を除き、その範囲は会員に現実に生じた通常の損害に限り、かつ、当該損害が生じた受付回に会員が支払った料金の額を上限とします。', en: 'Where we are liable, except in case of intent or gross negligence, our liability is limited to ordinary damage actually suffered and capped at the amount the Member paid for the Round in which it arose.' } },
        { text: { ja: '本規約のうち当社の責任を免除または制限する規定は、消費者契約法その他の法令により無効とされる範囲では適用されません。', en: 'Any provision of these Terms excluding or limiting our liability does not apply to the extent the Consumer Contract Act or other laws make it void.' } },
      ]),
    },
    {
      id: 'privacy',
      title: { ja: '個人情報の取扱い', en: 'Personal information' },
      blocks: clauses([
        { text: { ja: `当社は、本サービスの利用により取得した個人情報を、${brandName}のプライバシーポリシーに従って適切に取り扱います。`, en: `We handle personal information obtained through the Service properly, under the ${brandName} privacy policy.` } },
      ]),
    },
    {
      id: 'amendment',
      title: { ja: '本規約の変更', en: 'Changes to these Terms' },
      blocks: clauses([
        { text: { ja: '当社は、民法第548条の4の規定に基づき、会員の一般の利益に適合する場合、または変更の必要性・内容の相当性等に照らして合理的な場合に、本規約を変更できるものとします。', en: 'Under Article 548-4 of the Civil Code, we may change these Terms where the change is in the general interest of Members, or is reasonable in light of its necessity and the appropriateness of its content.' } },
        { text: { ja: '本規約を変更する場合、当社は変更後の内容および効力発生日を、効力発生日の相当期間前までに本サービス上に掲載してお知らせします。', en: 'We will announce the changed Terms and their effective date on the Service reasonably in advance of that date.' } },
      ]),
    },
    {
      id: 'law',
      title: { ja: '準拠法・管轄裁判所', en: 'Governing law and jurisdiction' },
      blocks: clauses([
        { text: { ja: '本規約および利用契約の準拠法は日本法とします。', en: 'These Terms and the Contract are governed by the laws of Japan.' } },
        { text: { ja: '本サービスに関して当社と会員との間に生じた紛争については、東京地方裁判所を第一審の専属的合意管轄裁判所とします。', en: 'The Tokyo District Court has exclusive jurisdiction in the first instance over any dispute between us and a Member concerning the Service.' } },
      ]),
    },
  ];
}
