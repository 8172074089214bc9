/**
 * @license
 * Copyright 2021 Google LLC
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 *
 * BudouX's parser (javascript/src/parser.ts at b8177d4), trimmed to what we call: phrase
 * boundaries are where the weighted n-gram features of the model score above zero.
 */

const FEATURES = [
  ['UW1', -3, -2], ['UW2', -2, -1], ['UW3', -1, 0], ['UW4', 0, 1], ['UW5', 1, 2], ['UW6', 2, 3],
  ['BW1', -2, 0], ['BW2', -1, 1], ['BW3', 0, 2],
  ['TW1', -3, 0], ['TW2', -2, 1], ['TW3', -1, 2], ['TW4', 0, 3],
] as const;

export class BudouxParser {
  private readonly model: Map<string, Map<string, number>>;
  private readonly baseScore: number;

  constructor(model: Record<string, Record<string, number>>) {
    this.model = new Map(Object.entries(model).map(([k, v]) => [k, new Map(Object.entries(v))]));
    let total = 0;
    for (const group of this.model.values()) for (const score of group.values()) total += score;
    this.baseScore = -0.5 * total;
  }

  /** The sentence cut into phrases (their concatenation is the sentence). */
  parse(sentence: string): string[] {
    if (sentence === '') return [];
    const result: string[] = [];
    let start = 0;
    for (const boundary of this.parseBoundaries(sentence)) {
      result.push(sentence.slice(start, boundary));
      start = boundary;
    }
    result.push(sentence.slice(start));
    return result;
  }

  private parseBoundaries(sentence: string): number[] {
    const result: number[] = [];
    for (let i = 1; i < sentence.length; i++) {
      let score = this.baseScore;
      for (const [name, from, to] of FEATURES) {
        // substring() clamps a negative start to 0, as the original relies on.
        score += this.model.get(name)?.get(sentence.substring(i + from, i + to)) || 0;
      }
      if (score > 0) result.push(i);
    }
    return result;
  }
}
