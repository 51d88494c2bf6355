export { FeedbackProvider, useFeedback, type Feedback } from './feedback';
