import base from "@vsi/eslint-config/base";
import noStaffFramework from "@vsi/eslint-config/no-staff-framework";

// The kiosk imports this package: what it may not import, neither may this.
export default [...base, noStaffFramework];
