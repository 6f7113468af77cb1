import type { Migration } from "kysely";
import * as m0001 from "./0001_users_and_auth.ts";
import * as m0002 from "./0002_locations_programs.ts";
import * as m0003 from "./0003_visits.ts";
import * as m0004 from "./0004_user_deactivation.ts";
import * as m0005 from "./0005_one_open_visit.ts";
import * as m0006 from "./0006_unique_tab_positions.ts";
import * as m0007 from "./0007_live_notifications.ts";
import * as m0008 from "./0008_sign_out_kinds_and_location_times.ts";
import * as m0009 from "./0009_site_settings_retention_audit.ts";
import * as m0010 from "./0010_report_summary_index.ts";
import * as m0011 from "./0011_audit_log_user_index.ts";
import * as m0013 from "./0013_location_summary_index.ts";
import * as m0014 from "./0014_user_access_notifications.ts";
import * as m0016 from "./0016_visitor_lookup_counts.ts";
import * as m0017 from "./0017_location_kiosk_timings.ts";
import * as m0018 from "./0018_location_asks_temperature.ts";
import * as m0019 from "./0019_visitor_keys.ts";
import * as m0020 from "./0020_setup_checklist.ts";
import * as m0021 from "./0021_intake_questions.ts";
import * as m0022 from "./0022_visit_answers.ts";
import * as m0023 from "./0023_answer_figures.ts";
import * as m0024 from "./0024_user_language.ts";
import * as m0025 from "./0025_door.ts";
import * as m0026 from "./0026_answer_figure_rows.ts";
import * as m0027 from "./0027_webhooks.ts";
import * as m0028 from "./0028_roll_calls.ts";
import * as m0029 from "./0029_staff_alerts.ts";
import * as m0030 from "./0030_roll_call_marks.ts";
import * as m0031 from "./0031_event_fan_out.ts";
import * as m0032 from "./0032_change_feed.ts";
import * as m0033 from "./0033_fan_out_queue.ts";
import * as m0034 from "./0034_event_answer_values.ts";
import * as m0035 from "./0035_unproven_phone_visits.ts";
import * as m0036 from "./0036_temperature_off_by_default.ts";
import * as m0037 from "./0037_roll_call_mark_arrival.ts";
import * as m0038 from "./0038_demo_password.ts";
import * as m0039 from "./0039_program_spanish_names.ts";
import * as m0040 from "./0040_fiscal_year_start.ts";
import * as m0041 from "./0041_ascending_time_indexes.ts";
import * as m0042 from "./0042_remembered_answers_by_phone.ts";
import * as m0043 from "./0043_one_visit_change_trigger.ts";
import * as m0044 from "./0044_lean_sign_in.ts";
import * as m0045 from "./0045_households.ts";
import * as m0046 from "./0046_location_access.ts";
import * as m0047 from "./0047_queue.ts";
import * as m0048 from "./0048_label_printers.ts";
import * as m0049 from "./0049_signatures.ts";
import * as m0050 from "./0050_shared_catalogues.ts";
import * as m0051 from "./0051_open_visits_by_index_scan.ts";
import * as m0052 from "./0052_program_lines.ts";
import * as m0053 from "./0053_own_questions_and_webhooks.ts";
import * as m0054 from "./0054_household_visit_limit_lock.ts";
import * as m0055 from "./0055_household_names_and_events.ts";
import * as m0056 from "./0056_fiscal_year_retention.ts";
import * as m0057 from "./0057_report_presets.ts";
import * as m0058 from "./0058_question_order_per_owner.ts";
import * as m0059 from "./0059_household_index_with_place.ts";
import * as m0060 from "./0060_time_indexes_carry_households.ts";

// Listed here rather than read from the folder, so the bundled server carries its migrations.
export const migrations: Record<string, Migration> = {
  "0001_users_and_auth": m0001,
  "0002_locations_programs": m0002,
  "0003_visits": m0003,
  "0004_user_deactivation": m0004,
  "0005_one_open_visit": m0005,
  "0006_unique_tab_positions": m0006,
  "0007_live_notifications": m0007,
  "0008_sign_out_kinds_and_location_times": m0008,
  "0009_site_settings_retention_audit": m0009,
  "0010_report_summary_index": m0010,
  "0011_audit_log_user_index": m0011,
  "0013_location_summary_index": m0013,
  "0014_user_access_notifications": m0014,
  "0016_visitor_lookup_counts": m0016,
  "0017_location_kiosk_timings": m0017,
  "0018_location_asks_temperature": m0018,
  "0019_visitor_keys": m0019,
  "0020_setup_checklist": m0020,
  "0021_intake_questions": m0021,
  "0022_visit_answers": m0022,
  "0023_answer_figures": m0023,
  "0024_user_language": m0024,
  "0025_door": m0025,
  "0026_answer_figure_rows": m0026,
  "0027_webhooks": m0027,
  "0028_roll_calls": m0028,
  "0029_staff_alerts": m0029,
  "0030_roll_call_marks": m0030,
  "0031_event_fan_out": m0031,
  "0032_change_feed": m0032,
  "0033_fan_out_queue": m0033,
  "0034_event_answer_values": m0034,
  "0035_unproven_phone_visits": m0035,
  "0036_temperature_off_by_default": m0036,
  "0037_roll_call_mark_arrival": m0037,
  "0038_demo_password": m0038,
  "0039_program_spanish_names": m0039,
  "0040_fiscal_year_start": m0040,
  "0041_ascending_time_indexes": m0041,
  "0042_remembered_answers_by_phone": m0042,
  "0043_one_visit_change_trigger": m0043,
  "0044_lean_sign_in": m0044,
  "0045_households": m0045,
  "0046_location_access": m0046,
  "0047_queue": m0047,
  "0048_label_printers": m0048,
  "0049_signatures": m0049,
  "0050_shared_catalogues": m0050,
  "0051_open_visits_by_index_scan": m0051,
  "0052_program_lines": m0052,
  "0053_own_questions_and_webhooks": m0053,
  "0054_household_visit_limit_lock": m0054,
  "0055_household_names_and_events": m0055,
  "0056_fiscal_year_retention": m0056,
  "0057_report_presets": m0057,
  "0058_question_order_per_owner": m0058,
  "0059_household_index_with_place": m0059,
  "0060_time_indexes_carry_households": m0060,
};
