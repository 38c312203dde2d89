import type { TranslatedLanguage } from '@bilan/engine';

/** The privacy policy in a few lines, in one language: what a patient needs before agreeing. */
export interface LegalSummaryTexts {
  title: string;
  binding: string;
  points: readonly string[];
}

/**
 * The privacy policy's summary for a patient who reads English or Arabic (issue 46). It follows
 * the French policy of the page, the only text that binds; when the policy changes, this summary
 * is read again with it (`policyOf`, which PolitiqueConfidentialitePage.test.tsx compares with
 * the policy's date).
 * Written by the development team, to be read by a native reviewer with the translations.
 */
export const LEGAL_SUMMARY: Readonly<Record<TranslatedLanguage, LegalSummaryTexts>> & { policyOf: string } = {
  /** The date of the French policy this summary was written from. */
  policyOf: '2025-08-14',
  en: {
    title: 'Summary in English',
    binding:
      'This summary of how your data is handled helps you read the legal texts of this site, below in French. Only the French text is binding; ask your pharmacy if anything is unclear.',
    points: [
      'Your pharmacy collects your answers to prepare your prevention check-up with you. It is responsible for your data; the publisher of Bilan Prévention only provides and hosts the tool for it.',
      'We collect your identity (title, names, date of birth), your e-mail address and social security number if you give them, and your answers to the questionnaire, which are health data.',
      'Only the authorised staff of your pharmacy see your answers. Your data is hosted by a certified health-data host in France, and is never sold or used for advertising.',
      'Your answers and check-up documents are kept for 3 years by default (or the time your pharmacy chose), then deleted.',
      'You can see, correct or erase your data and withdraw your consent at any time: ask your pharmacy. You can also complain to the CNIL, the French data protection authority.',
    ],
  },
  ar: {
    title: 'ملخص باللغة العربية',
    binding:
      'يساعدكم هذا الملخص لطريقة معالجة بياناتكم على فهم النصوص القانونية لهذا الموقع، الواردة أدناه بالفرنسية. النص الفرنسي وحده هو الملزِم؛ اسألوا صيدليتكم إن كان هناك ما هو غير واضح.',
    points: [
      'تجمع صيدليتكم إجاباتكم لتحضير فحصكم الوقائي معكم. وهي المسؤولة عن بياناتكم؛ أما ناشر Bilan Prévention فيوفّر لها الأداة ويستضيفها فقط.',
      'نجمع هويتكم (اللقب، الاسم، تاريخ الميلاد)، وعنوان بريدكم الإلكتروني ورقم الضمان الاجتماعي إن قدّمتموهما، وإجاباتكم عن الاستبيان، وهي بيانات صحية.',
      'لا يطّلع على إجاباتكم إلا الموظفون المخوَّلون في صيدليتكم. تُستضاف بياناتكم لدى مستضيف معتمد للبيانات الصحية في فرنسا، ولا تُباع أبدًا ولا تُستعمل للإعلانات.',
      'تُحفظ إجاباتكم ووثائق الفحص لمدة 3 سنوات افتراضيًا (أو المدة التي اختارتها صيدليتكم)، ثم تُحذف.',
      'يمكنكم الاطلاع على بياناتكم أو تصحيحها أو مسحها وسحب موافقتكم في أي وقت: اطلبوا ذلك من صيدليتكم. ويمكنكم أيضًا تقديم شكوى إلى CNIL، الهيئة الفرنسية لحماية البيانات.',
    ],
  },
};
