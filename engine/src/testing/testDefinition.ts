// A small definition used by the engine's own tests, so they do not move when the content of
// the real questionnaires changes. It exercises every item kind (a heading included), both
// computed kinds, a vocabulary reference, a chain of conditions and an exclusive box.
import type { DefinitionFile, Vocabularies } from '../definition';

export const testVocabularies: Vocabularies = {
  ouiNon: ['Oui', 'Non'],
  ouiNonNsp: ['Oui', 'Non', 'Je ne sais pas'],
};

export const testDefinitionFile: DefinitionFile = {
  id: 'bilan-test',
  version: '1.0.0',
  band: { code: '18to25', label: '18-25 ans', minAge: 18, maxAge: 25 },
  title: 'Questionnaire de test',
  pages: [
    {
      route: 'general',
      section: 'general',
      title: 'Profil',
      progress: 20,
      last: false,
      items: [
        { kind: 'single', key: 'gender', label: 'Vous êtes\u00a0:', options: ['Homme', 'Femme', 'Autre'] },
        { kind: 'single', key: 'children', label: 'Avez-vous des enfants\u00a0?', options: { vocabulary: 'ouiNon' } },
        { kind: 'heading', key: 'healthHeading', text: 'Votre santé' },
        {
          kind: 'checkboxes',
          key: 'diseases',
          label: 'Avez-vous une de ces maladies\u00a0?',
          boxes: [
            { key: 'diabete', label: 'Diabète' },
            { key: 'autres', label: 'Autres' },
            { key: 'aucune', label: 'Aucune' },
          ],
          exclusive: [{ box: 'aucune' }],
        },
        {
          kind: 'text',
          key: 'otherDisease',
          label: 'Précisez\u00a0:',
          maxLength: 200,
          visibleWhen: { type: 'checked', field: 'autres' },
        },
        {
          kind: 'single',
          key: 'otherDiseaseTreated',
          label: 'Est-elle traitée\u00a0?',
          options: { vocabulary: 'ouiNonNsp' },
          visibleWhen: { type: 'answered', field: 'otherDisease' },
        },
      ],
    },
    {
      route: 'body',
      section: 'body',
      title: 'Mesures',
      progress: 40,
      last: false,
      items: [
        { kind: 'number', key: 'height', label: 'Taille', unit: 'cm', min: 0, max: 300, step: 0.01 },
        { kind: 'number', key: 'weight', label: 'Poids', unit: 'kg', min: 0, max: 500, step: 0.1 },
        { kind: 'number', key: 'menopauseAge', label: 'Âge de la ménopause', min: 0, step: 1, integer: true },
        {
          kind: 'notice',
          key: 'bmiNotice',
          level: 'info',
          text: 'Votre indice de masse corporelle est élevé.',
          visibleWhen: { type: 'checked', field: 'imcHaut' },
        },
      ],
      computed: [
        {
          key: 'imcBas',
          kind: 'bmiFlag',
          label: 'IMC bas',
          height: 'height',
          weight: 'weight',
          op: 'lt',
          threshold: 18,
        },
        {
          key: 'imcHaut',
          kind: 'bmiFlag',
          label: 'IMC haut',
          height: 'height',
          weight: 'weight',
          op: 'gt',
          threshold: 25,
        },
      ],
    },
    {
      route: 'habits',
      section: 'habits',
      title: 'Habitudes',
      progress: 60,
      last: false,
      items: [
        {
          kind: 'checkboxes',
          key: 'smokingStatus',
          label: 'Fumez-vous\u00a0?',
          boxes: [
            { key: 'smoke', label: 'Je fume' },
            { key: 'stoppedSmoking', label: 'J’ai arrêté' },
          ],
        },
        {
          kind: 'single',
          key: 'quitSmokingTime',
          label: 'Depuis quand\u00a0?',
          options: ["Moins d'un an", 'Plus de 5 ans'],
          visibleWhen: { type: 'checked', field: 'stoppedSmoking' },
          requiredForCompletion: true,
        },
        {
          kind: 'notice',
          key: 'violenceNotice',
          level: 'urgent',
          text: 'Appelez le 3919.',
          visibleWhen: { type: 'equals', field: 'violence', value: 'Oui' },
        },
        { kind: 'single', key: 'violence', label: 'Violences\u00a0?', options: { vocabulary: 'ouiNonNsp' } },
      ],
    },
    {
      route: 'priorities',
      section: 'priorities',
      title: 'Priorités',
      progress: 80,
      last: true,
      items: [
        {
          kind: 'checkboxes',
          key: 'priorityBoxes',
          label: 'Vos priorités',
          boxes: [
            { key: 'betterSleep', label: 'Mieux dormir' },
            { key: 'stopSmoking', label: 'Arrêter de fumer' },
          ],
        },
        { kind: 'textarea', key: 'customFocusTopics', label: 'Autres sujets', rows: 3 },
      ],
      computed: [
        {
          key: 'priorityTopics',
          kind: 'checkedList',
          label: 'Sujets prioritaires',
          fields: ['betterSleep', 'stopSmoking'],
        },
      ],
    },
  ],
};
