export { BLUEPRINT_SCHEMA_VERSION } from './blueprint.js';
export type {
  Blueprint,
  FieldType,
  FieldSpec,
  StateTransition,
  ResourceSpec,
  ActionKind,
  ExampleCase,
  ExampleStep,
  ExampleExpectation,
  CreateAction,
  GetAction,
  FilterOperator,
  FilterSpec,
  ListAction,
  UpdateAction,
  DeleteAction,
  ParamSpec,
  ValueSource,
  GuardOperator,
  GuardSpec,
  EffectSpec,
  TransitionAction,
  TallyOperation,
  CustomAction,
  ActionSpec,
  RuleSpec,
  CapacityRule,
  MembershipRule,
  CompareRule,
  ParentGuardRule,
  CompareOperator,
} from './blueprint.js';
export { blueprintJsonSchema, BLUEPRINT_LIMITS } from './blueprint.schema.js';
export { validateBlueprint, formatBlueprintIssues, type BlueprintValidation } from './validate.js';
export type { BlueprintIssue } from './structure.js';
export { describeBlueprint, describeField } from './describe.js';
export { effectTarget } from './semantics.js';
export { inputFieldNames } from './semantic-fields.js';
export {
  toPascalCase,
  toCamelCase,
  isPascalIdentifier,
  isCamelIdentifier,
  RESERVED_FIELD_NAMES,
  RESERVED_ACTION_NAMES,
  RESERVED_LIST_PARAMS,
  JS_RESERVED_WORDS,
  PASCAL_IDENTIFIER_PATTERN,
  CAMEL_IDENTIFIER_PATTERN,
} from './identifiers.js';
export { exampleBlueprints, type ExampleBlueprintName } from './examples/index.js';
export { renderStructuredPrompt, renderField, type RenderOptions, type StructuredGap } from './structured/render.js';
export { parseStructuredPrompt, type StructuredParse, type StructuredProblem, type StructuredGapLine } from './structured/parse.js';
/** Seeded valid Blueprints for property tests (same seed, same Blueprint). */
export { randomBlueprint } from './structured/random-blueprint.js';
