// The renderer's main test definition: four pages of every kind of question.
import type { Definition } from '@bilan/engine';
import { handMadeDefinition } from './handMadeDefinition';

export const testDefinition: Definition = handMadeDefinition('bilan-webtest', '18to25', [
  {
    route: 'general',
    section: 'general',
    title: 'Votre profil',
    subtitle: 'Quelques questions générales',
    progress: 20,
    last: false,
    items: [
      { kind: 'single', key: 'gender', label: 'Vous êtes :', options: ['Homme', 'Femme', 'Autre'] },
      {
        kind: 'checkboxes',
        key: 'diseases',
        label: 'Avez-vous une de ces maladies ?',
        boxes: [
          { key: 'diabete', label: 'Diabète' },
          { key: 'autres', label: 'Autres' },
        ],
      },
      {
        kind: 'text',
        key: 'otherDisease',
        label: 'Précisez :',
        maxLength: 200,
        visibleWhen: { type: 'checked', field: 'autres' },
      },
      { kind: 'single', key: 'violence', label: 'Avez-vous subi des violences ?', options: ['Oui', 'Non'] },
      {
        kind: 'notice',
        key: 'violenceNotice',
        level: 'urgent',
        text: 'Vous pouvez appeler le 3919 ou le 17.',
        visibleWhen: { type: 'equals', field: 'violence', value: 'Oui' },
      },
    ],
  },
  {
    route: 'body',
    section: 'body',
    title: 'Vos mesures',
    progress: 40,
    last: false,
    items: [
      { kind: 'number', key: 'height', label: 'Votre taille', unit: 'cm', min: 0, step: 0.01 },
      { kind: 'number', key: 'weight', label: 'Votre poids', unit: 'kg', min: 0, step: 0.1 },
      {
        kind: 'notice',
        key: 'bmiNotice',
        level: 'info',
        text: 'Votre IMC est élevé.',
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
    title: 'Vos habitudes',
    progress: 60,
    last: false,
    items: [{ kind: 'textarea', key: 'comments', label: 'Vos remarques', rows: 5 }],
  },
  {
    route: 'end',
    section: 'end',
    title: 'Pour finir',
    progress: 80,
    last: true,
    items: [{ kind: 'single', key: 'sleep', label: 'Dormez-vous bien ?', options: ['Oui', 'Non'] }],
  },
]);
