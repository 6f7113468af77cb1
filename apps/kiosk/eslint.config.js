import noStaffFramework from "@vsi/eslint-config/no-staff-framework";
import react from "@vsi/eslint-config/react";

export default [...react, noStaffFramework];
