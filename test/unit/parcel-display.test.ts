import { describe, expect, it } from 'vitest';
import { contentsWithin } from '../../shared/carrier-layout.ts';
import {
  orderParcelOf, parcelContents, parcelContentsWithin, parcelCount, parcelNumberOf, parcelRoundOf, shipmentsFigure, type ParcelItem,
} from '../../shared/parcel-display.ts';

/** 同梱 on the shipping side: which file lists a parcel, its number, and its words (shared/parcel-display.ts). */
const item = (id: number, roundId: number, shipDate: string, artistName: string, count = 1): ParcelItem =>
  ({ id, roundId, shipDate, artistName, planName: 'スタンダードプラン', roundName: '12月号', count });
const A = item(12, 3, '2026-12-10T01:00:00Z', '星乃ミライ');
const B = item(15, 4, '2026-12-10T01:00:00Z', '月城レイ', 2);
const C = item(9, 7, '2026-12-13T01:00:00Z', '天音ソラ');

describe('a parcel on the carrier files', () => {
  it('is numbered by its lowest box and listed by the round of its last-shipping box, the lowest round among equals', () => {
    expect(parcelNumberOf([A, B, C])).toBe(9);
    expect(parcelRoundOf([A, B])).toBe(3);
    expect(parcelRoundOf([B, A])).toBe(3);
    expect(parcelRoundOf([A, B, C])).toBe(7);
  });

  it('names every box with its count, in box order, and counts them all', () => {
    expect(parcelContents([B, A])).toBe('星乃ミライ 12月号 ×1 / 月城レイ 12月号 ×2');
    expect(parcelCount([A, B])).toBe(3);
  });

  it('fits a carrier’s description cell with shorter forms, never past its length', () => {
    expect(parcelContentsWithin([A, B], 40)).toBe('星乃ミライ 12月号 ×1 / 月城レイ 12月号 ×2');
    expect(parcelContentsWithin([A, B], 25)).toBe('星乃ミライ 12月号×1/月城レイ 12月号×2');
    expect(parcelContentsWithin([A, B], 16)).toBe('星乃ミライ×1/月城レイ×2');
    const many = [A, B, C, item(20, 8, '2026-12-13T01:00:00Z', '夜桜ユメ')];
    expect(parcelContentsWithin(many, 16)).toBe('同梱4箱 天音ソラ他');
    for (const length of [8, 10, 16, 25]) expect([...parcelContentsWithin(many, length)].length).toBeLessThanOrEqual(length);
  });

  it('leaves a box alone as it was: artist, plan and round, cut to the cell', () => {
    const line = { orderNumber: 1, roundName: '12月号', artistName: '星乃ミライ', planName: 'スタンダードプラン', count: 1, name: '', nameKana: '', zip: '', address: '', address2: '', tel: '', shipDate: new Date() };
    expect(contentsWithin(line, 25)).toBe('星乃ミライ スタンダードプラン 12月号');
    expect(contentsWithin(line, 16)).toBe('星乃ミライ スタンダードプラン');
    expect(contentsWithin({ ...line, items: [A, B] }, 25)).toBe('星乃ミライ 12月号×1/月城レイ 12月号×2');
  });
});

describe('a parcel in the order history and on the receipt', () => {
  const boxes = [{ ...A, carriesFee: true, shipFee: 660 }, { ...B, carriesFee: false, shipFee: 0 }];

  it('names the parcel on each box, the fee’s carrier on the box without it', () => {
    const line = { ja: '同梱: 星乃ミライ 12月号・月城レイ 12月号（1個口）', en: 'Shipped together: 星乃ミライ Dec 2026 box, 月城レイ Dec 2026 box (one parcel)' };
    expect(orderParcelOf(12, boxes)).toEqual({ boxIds: [12, 15], line, carriesFee: true, feePaidWith: null });
    expect(orderParcelOf(15, boxes)?.feePaidWith?.ja).toBe('送料は同梱の星乃ミライ 12月号でお支払い済み');
  });

  it('is nothing for a box alone, and says nothing of the fee a box paid itself', () => {
    expect(orderParcelOf(12, [boxes[0]!])).toBeNull();
    expect(orderParcelOf(15, [{ ...boxes[0]!, carriesFee: false }, { ...boxes[1]!, shipFee: 660 }])?.feePaidWith).toBeNull();
  });

  it('counts the month’s shipments for the dashboard', () => {
    expect(shipmentsFigure(1204, 980, 190).ja).toBe('箱 1,204・荷物 980（同梱 190）');
  });
});
