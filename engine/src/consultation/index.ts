// The consultation (D33): the plan's topics and actions from the report and the library, and what
// makes a plan storable. Pure: the api stores and renders, the web edits, both check the same way.
export { parseConsultationData, type ConsultationData, type PlanAction } from './consultationData';
export { planTopics, type PlanTopic } from './planTopics';
export {
  EMPTY_PLAN,
  PLAN_LIMITS,
  planProblems,
  type PlanChoices,
  type PlanContent,
  type PlanPriority,
  type PlanProblem,
} from './planProblems';
