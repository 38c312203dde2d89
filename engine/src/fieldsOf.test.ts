import { describe, expect, it } from 'vitest';
import { fieldsOf } from './fieldsOf';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);

describe('fieldsOf', () => {
  it('lists every stored field in definition order, boxes and computed fields included', () => {
    expect([...fieldsOf(definition).keys()]).toEqual([
      'gender',
      'children',
      'diabete',
      'autres',
      'aucune',
      'otherDisease',
      'otherDiseaseTreated',
      'height',
      'weight',
      'menopauseAge',
      'imcBas',
      'imcHaut',
      'smoke',
      'stoppedSmoking',
      'quitSmokingTime',
      'violence',
      'betterSleep',
      'stopSmoking',
      'customFocusTopics',
      'priorityTopics',
    ]);
  });

  it('leaves out checkbox group names and notices, which store nothing', () => {
    const fields = fieldsOf(definition);
    expect(fields.has('diseases')).toBe(false);
    expect(fields.has('bmiNotice')).toBe(false);
  });

  it('tells where a field lives and what it holds', () => {
    const fields = fieldsOf(definition);
    expect(fields.get('autres')).toMatchObject({
      kind: 'box',
      section: 'general',
      page: 'general',
      group: { key: 'diseases' },
    });
    expect(fields.get('children')).toMatchObject({ kind: 'single', section: 'general', options: ['Oui', 'Non'] });
    expect(fields.get('imcHaut')).toMatchObject({ kind: 'bmiFlag', section: 'body', page: 'body' });
    expect(fields.get('priorityTopics')).toMatchObject({
      kind: 'checkedList',
      options: ['betterSleep', 'stopSmoking'],
    });
    expect(fields.get('customFocusTopics')?.kind).toBe('textarea');
    expect(fields.get('menopauseAge')?.kind).toBe('number');
  });

  it('returns the same index for the same definition', () => {
    expect(fieldsOf(definition)).toBe(fieldsOf(definition));
  });
});
